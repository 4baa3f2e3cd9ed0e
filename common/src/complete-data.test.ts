import { describe, expect, it } from 'vitest';
import {
  type CompleteDataCollege,
  type CompleteDataValues,
  validateCompleteData,
  validateImageSet,
} from './complete-data.js';
import { IMAGE_KINDS } from './limits.js';

const PLAIN = { socialWork: false, tourism: false };
const SOCIAL = { socialWork: true, tourism: false };
const PROGRAMS = ['الدراسات السياحية', 'الدراسات الفندقية', 'الإرشاد السياحي', 'إدارة الفعاليات والمؤتمرات'];
const TOURISM = { socialWork: false, tourism: true, programs: PROGRAMS };

const base: CompleteDataValues = {
  studentNameEn: 'Ahmed Mohamed Ali',
  phoneNumber: '01012345678',
  homeTel: '0502212345',
  address: 'شارع النيل، المنصورة',
  email: 'ahmed@example.com',
  qualification: 'الثانوية العامة',
  qualificationYear: '2024/2025',
  totalGrade: '385.5',
  percentage: '93.75',
  masterName: 'محمد علي',
  masterJob: 'مهندس',
  masterQualification: 'بكالوريوس',
  fatherName: 'محمد علي',
  fatherJob: 'مهندس',
  fatherQualification: 'بكالوريوس',
};

const family: CompleteDataValues = {
  city: 'المنصورة',
  brothersNum: '3',
  brothersMaleNum: '2',
  brothersFemaleNum: '1',
  brothersOrder: '2',
  income: '6000',
  motherName: 'فاطمة حسن',
  motherNationality: 'مصرية',
  motherJob: 'ربة منزل',
  motherMobile: '01112345678',
  fatherNationality: 'مصري',
  fatherMobile: '01212345678',
};

const programs: CompleteDataValues = { program1: PROGRAMS[0], program2: PROGRAMS[1], program3: PROGRAMS[2] };

const social = { ...base, ...family };
const tourism = { ...base, ...programs };

function failure(values: CompleteDataValues, college: CompleteDataCollege = PLAIN) {
  const result = validateCompleteData(values, college);
  if (result.ok) throw new Error('expected a failure');
  return { field: result.field, message: result.message };
}

const toArabicIndic = (digits: string) =>
  digits.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

describe('validateCompleteData: one test per rule, in the order of spec section 5', () => {
  it('1. requires the English full name, written in Latin letters', () => {
    expect(failure({ ...base, studentNameEn: '  ' })).toEqual({
      field: 'studentNameEn',
      message: 'يجب إدخال الاسم باللغة الإنجليزية',
    });
    expect(failure({ ...base, studentNameEn: 'أحمد' })).toEqual({
      field: 'studentNameEn',
      message: 'الاسم باللغة الإنجليزية يجب أن يكتب بحروف إنجليزية',
    });
  });

  it.each([
    ['city', 'يجب إدخال المدينة'],
    ['brothersNum', 'يجب إدخال عدد الإخوة'],
    ['brothersMaleNum', 'يجب إدخال عدد الإخوة الذكور'],
    ['brothersFemaleNum', 'يجب إدخال عدد الإخوة الإناث'],
    ['brothersOrder', 'يجب إدخال ترتيب الطالب بين إخوته'],
    ['income', 'يجب إدخال دخل الأسرة الشهري'],
    ['motherName', 'يجب إدخال اسم الأم'],
    ['motherNationality', 'يجب إدخال جنسية الأم'],
    ['motherJob', 'يجب إدخال وظيفة الأم'],
    ['motherMobile', 'يجب إدخال رقم موبايل الأم'],
    ['fatherNationality', 'يجب إدخال جنسية الأب'],
    ['fatherMobile', 'يجب إدخال رقم موبايل الأب'],
  ] as const)('2. social work: requires %s', (field, message) => {
    expect(failure({ ...social, [field]: '' }, SOCIAL)).toEqual({ field, message });
  });

  it('2. social work: family fields are checked after the name and before the contact data', () => {
    expect(failure({ ...base, studentNameEn: '', city: '' }, SOCIAL).field).toBe('studentNameEn');
    expect(failure({ ...base, phoneNumber: '' }, SOCIAL).field).toBe('city');
  });

  it('3. requires the mobile, home phone, address and e-mail, in that order', () => {
    const contact = { phoneNumber: '', homeTel: '', address: '', email: '' };
    expect(failure({ ...base, ...contact })).toEqual({
      field: 'phoneNumber',
      message: 'يجب إدخال رقم الموبايل',
    });
    expect(failure({ ...base, ...contact, phoneNumber: '01012345678' })).toEqual({
      field: 'homeTel',
      message: 'يجب إدخال رقم التليفون الأرضي',
    });
    expect(failure({ ...base, address: '' })).toEqual({ field: 'address', message: 'يجب إدخال العنوان' });
    expect(failure({ ...base, email: '' })).toEqual({
      field: 'email',
      message: 'يجب إدخال البريد الإلكتروني',
    });
  });

  it('4. tourism: requires the three programs', () => {
    expect(failure({ ...base, program2: PROGRAMS[1] }, TOURISM)).toEqual({
      field: 'program1',
      message: 'يجب اختيار البرنامج الأول',
    });
    expect(failure({ ...tourism, program2: '' }, TOURISM)).toEqual({
      field: 'program2',
      message: 'يجب اختيار البرنامج الثاني',
    });
    expect(failure({ ...tourism, program3: undefined }, TOURISM)).toEqual({
      field: 'program3',
      message: 'يجب اختيار البرنامج الثالث',
    });
  });

  it('5. requires the qualification and both parts of its year', () => {
    expect(failure({ ...base, qualification: '' })).toEqual({
      field: 'qualification',
      message: 'يجب إدخال المؤهل',
    });
    for (const qualificationYear of ['', '2024/', '/2025', '2024']) {
      expect(failure({ ...base, qualificationYear })).toEqual({
        field: 'qualificationYear',
        message: 'يجب إدخال سنتي الحصول على المؤهل',
      });
    }
  });

  it('6. refuses a total grade or percentage of 0', () => {
    expect(failure({ ...base, totalGrade: '0' })).toEqual({
      field: 'totalGrade',
      message: 'المجموع الكلي لا يمكن أن يكون صفرا',
    });
    expect(failure({ ...base, percentage: '0.00' })).toEqual({
      field: 'percentage',
      message: 'النسبة المئوية لا يمكن أن تكون صفرا',
    });
    expect(failure({ ...base, totalGrade: 0 })).toEqual({
      field: 'totalGrade',
      message: 'المجموع الكلي لا يمكن أن يكون صفرا',
    });
  });

  it.each([
    ['masterName', 'يجب إدخال اسم ولي الأمر'],
    ['masterJob', 'يجب إدخال وظيفة ولي الأمر'],
    ['masterQualification', 'يجب إدخال مؤهل ولي الأمر'],
    ['fatherName', 'يجب إدخال اسم الأب'],
    ['fatherJob', 'يجب إدخال وظيفة الأب'],
    ['fatherQualification', 'يجب إدخال مؤهل الأب'],
  ] as const)('7. requires the guardian and father data: %s', (field, message) => {
    expect(failure({ ...base, [field]: ' ' })).toEqual({ field, message });
  });

  it('answers the first broken rule when several are broken', () => {
    const empty = failure({}, { socialWork: true, tourism: true, programs: PROGRAMS });
    expect(empty.field).toBe('studentNameEn');
    expect(failure({ ...base, email: '', qualification: '', masterName: '' }).field).toBe('email');
    expect(failure({ ...base, totalGrade: '0', masterName: '' }).field).toBe('totalGrade');
    expect(failure({ ...base, program1: '' }, TOURISM).field).toBe('program1');
  });
});

describe('validateCompleteData: formats and limits', () => {
  it.each([
    ['phoneNumber', '0101', 'رقم الموبايل يجب أن يتكون من 8 إلى 15 رقما'],
    ['phoneNumber', 'abcdefghij', 'رقم الموبايل يجب أن يتكون من 8 إلى 15 رقما'],
    ['homeTel', '123', 'رقم التليفون الأرضي يجب أن يتكون من 6 إلى 15 رقما'],
    ['email', 'not-an-email', 'البريد الإلكتروني غير صحيح'],
    ['email', 'a@b', 'البريد الإلكتروني غير صحيح'],
    ['qualificationYear', '2024/2026', 'سنة الحصول على المؤهل غير صحيحة، مثال: 2025/2026'],
    ['qualificationYear', 'abcd/efgh', 'سنة الحصول على المؤهل غير صحيحة، مثال: 2025/2026'],
    ['qualificationYear', '1800/1801', 'سنة الحصول على المؤهل غير صحيحة، مثال: 2025/2026'],
    ['totalGrade', 'ثلاثمائة', 'المجموع الكلي يجب أن يكون رقما موجبا بحد أقصى رقمين عشريين'],
    ['totalGrade', '-5', 'المجموع الكلي يجب أن يكون رقما موجبا بحد أقصى رقمين عشريين'],
    ['totalGrade', '385.555', 'المجموع الكلي يجب أن يكون رقما موجبا بحد أقصى رقمين عشريين'],
    ['totalGrade', '100000', 'المجموع الكلي يجب أن يكون رقما موجبا بحد أقصى رقمين عشريين'],
    ['percentage', 'abc', 'النسبة المئوية يجب أن تكون رقما أكبر من 0 ولا يزيد عن 100'],
    ['percentage', '100.5', 'النسبة المئوية يجب أن تكون رقما أكبر من 0 ولا يزيد عن 100'],
    ['totalGrade', '', 'يجب إدخال المجموع الكلي'],
    ['percentage', '', 'يجب إدخال النسبة المئوية'],
    ['address', 'ش'.repeat(301), 'العنوان أطول من المسموح'],
    ['masterName', 'م'.repeat(101), 'اسم ولي الأمر أطول من المسموح'],
  ] as const)('refuses %s = %j', (field, value, message) => {
    expect(failure({ ...base, [field]: value })).toEqual({ field, message });
  });

  it.each([
    ['brothersNum', 'ثلاثة', 'عدد الإخوة يجب أن يكون رقما صحيحا'],
    ['brothersMaleNum', '1.5', 'عدد الإخوة الذكور يجب أن يكون رقما صحيحا'],
    ['brothersNum', '31', 'عدد الإخوة يجب أن يكون رقما صحيحا'],
    ['income', '-100', 'دخل الأسرة الشهري يجب أن يكون رقما صحيحا'],
    ['brothersFemaleNum', '2', 'مجموع عدد الإخوة الذكور والإناث يجب أن يساوي عدد الإخوة'],
    ['brothersOrder', '0', 'ترتيب الطالب بين إخوته يجب أن يكون من 1 إلى عدد الإخوة مضافا إليه واحد'],
    ['brothersOrder', '5', 'ترتيب الطالب بين إخوته يجب أن يكون من 1 إلى عدد الإخوة مضافا إليه واحد'],
    ['motherMobile', '123', 'رقم موبايل الأم يجب أن يتكون من 8 إلى 15 رقما'],
    ['fatherMobile', 'x', 'رقم موبايل الأب يجب أن يتكون من 8 إلى 15 رقما'],
  ] as const)('social work: refuses %s = %j', (field, value, message) => {
    expect(failure({ ...social, [field]: value }, SOCIAL)).toEqual({ field, message });
  });

  it('tourism: refuses a program chosen twice or not offered by the college', () => {
    expect(failure({ ...tourism, program3: PROGRAMS[0] }, TOURISM)).toEqual({
      field: 'program3',
      message: 'لا يمكن اختيار البرنامج نفسه أكثر من مرة',
    });
    expect(failure({ ...tourism, program2: PROGRAMS[0] }, TOURISM)).toEqual({
      field: 'program2',
      message: 'لا يمكن اختيار البرنامج نفسه أكثر من مرة',
    });
    expect(failure({ ...tourism, program2: 'الطب' }, TOURISM)).toEqual({
      field: 'program2',
      message: 'البرنامج المختار غير متاح في هذه الكلية',
    });
  });

  it('tourism: without a program list, only the presence and distinctness are checked', () => {
    const result = validateCompleteData(
      { ...tourism, program1: 'أي برنامج' },
      { socialWork: false, tourism: true },
    );
    expect(result.ok).toBe(true);
  });
});

describe('validateCompleteData: cleaned values', () => {
  it('trims text, normalises Arabic-Indic digits and parses numbers', () => {
    const result = validateCompleteData(
      {
        ...social,
        studentNameEn: '  Ahmed   Mohamed  ',
        phoneNumber: ` ${toArabicIndic('010')} ${toArabicIndic('1234')} ${toArabicIndic('5678')} `,
        homeTel: '050-221-2345',
        qualificationYear: `${toArabicIndic('2024')}/${toArabicIndic('2025')}`,
        totalGrade: `${toArabicIndic('385')}\u066b${toArabicIndic('5')}`,
        percentage: toArabicIndic('93.75').replace('.', '\u066b'),
        brothersNum: toArabicIndic('3'),
        income: `۶۰۰۰`,
        motherMobile: toArabicIndic('01112345678'),
      },
      SOCIAL,
    );
    expect(result).toEqual({
      ok: true,
      data: expect.objectContaining({
        studentNameEn: 'Ahmed Mohamed',
        phoneNumber: '01012345678',
        homeTel: '0502212345',
        qualificationYear: '2024/2025',
        totalGrade: 385.5,
        percentage: 93.75,
        brothersNum: 3,
        income: 6000,
        motherMobile: '01112345678',
        program1: null,
      }),
    });
  });

  it('keeps social-work fields only for a social-work college and programs only for a tourism one', () => {
    const plain = validateCompleteData({ ...social, ...programs }, PLAIN);
    expect(plain.ok && plain.data).toMatchObject({
      city: null,
      brothersNum: null,
      motherName: null,
      program1: null,
    });
    const tour = validateCompleteData({ ...tourism, ...family }, TOURISM);
    expect(tour.ok && tour.data).toMatchObject({ city: null, program1: PROGRAMS[0], program3: PROGRAMS[2] });
  });

  it('accepts an only child (no siblings, first in order)', () => {
    const only = { brothersNum: '0', brothersMaleNum: '0', brothersFemaleNum: '0', brothersOrder: '1' };
    expect(validateCompleteData({ ...social, ...only }, SOCIAL).ok).toBe(true);
  });
});

describe('validateImageSet (rule 8)', () => {
  it('accepts the six kinds and names the first missing one', () => {
    expect(validateImageSet(IMAGE_KINDS)).toEqual({ ok: true });
    expect(validateImageSet(IMAGE_KINDS.filter((kind) => kind !== 'birthCertificate'))).toEqual({
      ok: false,
      field: 'birthCertificate',
      message: 'يجب رفع صورة شهادة الميلاد',
    });
    expect(validateImageSet([])).toEqual({
      ok: false,
      field: 'frontIdCard',
      message: 'يجب رفع صورة بطاقة الرقم القومي (الوجه الأمامي)',
    });
  });
});
