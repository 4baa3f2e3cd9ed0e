/**
 * The fields of the complete-data form (spec sections 3 and 5): which are asked of whom, their Arabic labels and
 * their limits, shared by the screen, the rules (`complete-data.ts`) and the wire schemas.
 */

/** The form's text fields as sent on the wire, in the order the rules check them (spec section 5, rules 1–7). */
export const COMPLETE_DATA_FIELDS = [
  // 1. English name.
  'studentNameEn',
  // 2. Social-work colleges only: family data.
  'city',
  'brothersNum',
  'brothersMaleNum',
  'brothersFemaleNum',
  'brothersOrder',
  'income',
  'motherName',
  'motherNationality',
  'motherJob',
  'motherMobile',
  'fatherNationality',
  'fatherMobile',
  // 3. Contact data.
  'phoneNumber',
  'homeTel',
  'address',
  'email',
  // 4. Tourism colleges only: three distinct programs.
  'program1',
  'program2',
  'program3',
  // 5. Qualification.
  'qualification',
  'qualificationYear',
  // 6. Grades.
  'totalGrade',
  'percentage',
  // 7. Guardian, then father.
  'masterName',
  'masterJob',
  'masterQualification',
  'fatherName',
  'fatherJob',
  'fatherQualification',
] as const;
export type CompleteDataField = (typeof COMPLETE_DATA_FIELDS)[number];

/** Asked of social-work students only (the college's `socialWork` flag). */
export const SOCIAL_WORK_FIELDS = [
  'city',
  'brothersNum',
  'brothersMaleNum',
  'brothersFemaleNum',
  'brothersOrder',
  'income',
  'motherName',
  'motherNationality',
  'motherJob',
  'motherMobile',
  'fatherNationality',
  'fatherMobile',
] as const satisfies readonly CompleteDataField[];

/** Asked of tourism students only (the college's `tourism` flag). */
export const PROGRAM_FIELDS = [
  'program1',
  'program2',
  'program3',
] as const satisfies readonly CompleteDataField[];

/** Fields typed as numbers: normalised with `normalizeDigits` (spaces removed, Arabic-Indic digits made ASCII). */
export const NUMERIC_FIELDS = [
  'brothersNum',
  'brothersMaleNum',
  'brothersFemaleNum',
  'brothersOrder',
  'income',
  'motherMobile',
  'fatherMobile',
  'phoneNumber',
  'homeTel',
  'qualificationYear',
  'totalGrade',
  'percentage',
] as const satisfies readonly CompleteDataField[];

/** Arabic labels of the fields, for the form and for messages that name a field. */
export const COMPLETE_DATA_LABELS: Record<CompleteDataField, string> = {
  studentNameEn: 'الاسم باللغة الإنجليزية',
  city: 'المدينة',
  brothersNum: 'عدد الإخوة',
  brothersMaleNum: 'عدد الإخوة الذكور',
  brothersFemaleNum: 'عدد الإخوة الإناث',
  brothersOrder: 'ترتيب الطالب بين إخوته',
  income: 'دخل الأسرة الشهري',
  motherName: 'اسم الأم',
  motherNationality: 'جنسية الأم',
  motherJob: 'وظيفة الأم',
  motherMobile: 'رقم موبايل الأم',
  fatherNationality: 'جنسية الأب',
  fatherMobile: 'رقم موبايل الأب',
  phoneNumber: 'رقم الموبايل',
  homeTel: 'رقم التليفون الأرضي',
  address: 'العنوان',
  email: 'البريد الإلكتروني',
  program1: 'البرنامج الأول',
  program2: 'البرنامج الثاني',
  program3: 'البرنامج الثالث',
  qualification: 'المؤهل',
  qualificationYear: 'سنة الحصول على المؤهل',
  totalGrade: 'المجموع الكلي',
  percentage: 'النسبة المئوية',
  masterName: 'اسم ولي الأمر',
  masterJob: 'وظيفة ولي الأمر',
  masterQualification: 'مؤهل ولي الأمر',
  fatherName: 'اسم الأب',
  fatherJob: 'وظيفة الأب',
  fatherQualification: 'مؤهل الأب',
};

/** Longest accepted value of each kind of text field, in characters. */
export const COMPLETE_DATA_MAX_LENGTH = { text: 100, qualification: 150, address: 300, email: 254 } as const;
/** Longest value of any one field on the wire (UTF-8 bytes); the server refuses longer ones. */
export const COMPLETE_DATA_WIRE_MAX_BYTES = 2048;
export const MAX_SIBLINGS = 30;
export const MAX_MONTHLY_INCOME = 100_000_000;
