/** Valid complete-data form fields for API tests: the common ones, and the family ones social work asks for. */
export const COMPLETE_DATA_FIELDS: Record<string, string> = {
  studentNameEn: 'Ahmed Mohamed Ali',
  phoneNumber: '01012345678',
  homeTel: '0502212345',
  address: 'شارع النيل، المنصورة',
  email: 'ahmed@example.com',
  qualification: 'الثانوية العامة',
  qualificationYear: '2024/2025',
  totalGrade: '385.5',
  percentage: '93.75',
  masterName: 'محمد علي حسن',
  masterJob: 'مهندس',
  masterQualification: 'بكالوريوس هندسة',
  fatherName: 'محمد علي حسن',
  fatherJob: 'مهندس',
  fatherQualification: 'بكالوريوس هندسة',
};

export const SOCIAL_WORK_FAMILY: Record<string, string> = {
  city: 'المنصورة',
  brothersNum: '3',
  brothersMaleNum: '2',
  brothersFemaleNum: '1',
  brothersOrder: '2',
  income: '6000',
  motherName: 'فاطمة حسن',
  motherNationality: 'مصرية',
  motherJob: 'معلمة',
  motherMobile: '01112345678',
  fatherNationality: 'مصري',
  fatherMobile: '01212345678',
};
