import { type FormSection, fieldRows, LTR, WIDE, WIDE_LTR } from './form-fields.js';
import type { FormStudent } from './forms.repository.js';

const ENROLLMENT_LABELS: Record<FormStudent['enrollmentStatus'], string> = {
  regular: 'منتظم',
  affiliated: 'منتسب',
  none: 'بدون',
};

/** Numerics arrive as text such as '385.50'; people read '385.5'. */
function formatNumber(value: string | null): string | null {
  if (value === null) return null;
  const number = Number(value);
  return Number.isFinite(number) ? String(number) : value;
}

export function personal(s: FormStudent): FormSection {
  return {
    title: 'البيانات الشخصية',
    rows: fieldRows([
      ['اسم الطالب رباعيا', s.name, WIDE],
      ['الاسم باللغة الإنجليزية', s.studentNameEn, WIDE_LTR],
      ['الرقم القومي', s.nationalId, LTR],
      ['رقم الجلوس', s.seatNo, LTR],
      ['النوع', s.gender, { optional: true }],
      ['حالة القيد', ENROLLMENT_LABELS[s.enrollmentStatus]],
    ]),
  };
}

export function contact(s: FormStudent): FormSection {
  return {
    title: 'بيانات الاتصال',
    rows: fieldRows([
      ['رقم الموبايل', s.phoneNumber, LTR],
      ['التليفون الأرضي', s.homeTel, LTR],
      ['البريد الإلكتروني', s.email, WIDE_LTR],
      ['العنوان', s.address, WIDE],
      ...(s.socialWork ? [['المدينة', s.city, WIDE] as const] : []),
    ]),
  };
}

export function qualification(s: FormStudent): FormSection {
  const percentage = formatNumber(s.percentage ?? s.importedPercentage);
  return {
    title: 'المؤهل الدراسي',
    rows: fieldRows([
      ['المؤهل', s.qualification, WIDE],
      ['سنة الحصول على المؤهل', s.qualificationYear, LTR],
      ['المجموع الكلي', formatNumber(s.totalGrade ?? s.importedTotalGrade), LTR],
      ['النسبة المئوية', percentage === null ? null : `${percentage}%`, LTR],
    ]),
  };
}

export function programs(s: FormStudent): FormSection {
  return {
    title: 'البرامج المرغوبة بترتيب الأفضلية',
    rows: fieldRows([
      ['الرغبة الأولى', s.program1, WIDE],
      ['الرغبة الثانية', s.program2, WIDE],
      ['الرغبة الثالثة', s.program3, WIDE],
    ]),
  };
}

export function guardian(s: FormStudent): FormSection {
  return {
    title: 'بيانات ولي الأمر',
    rows: fieldRows([
      ['اسم ولي الأمر', s.masterName, WIDE],
      ['الوظيفة', s.masterJob],
      ['المؤهل', s.masterQualification],
    ]),
  };
}

export function father(s: FormStudent, family: boolean): FormSection {
  return {
    title: 'بيانات الأب',
    rows: fieldRows([
      ['اسم الأب', s.fatherName, WIDE],
      ['الوظيفة', s.fatherJob],
      ['المؤهل', s.fatherQualification],
      ...(family
        ? ([
            ['الجنسية', s.fatherNationality],
            ['رقم الموبايل', s.fatherMobile, LTR],
          ] as const)
        : []),
    ]),
  };
}

export function mother(s: FormStudent): FormSection {
  return {
    title: 'بيانات الأم',
    rows: fieldRows([
      ['اسم الأم', s.motherName, WIDE],
      ['الوظيفة', s.motherJob],
      ['الجنسية', s.motherNationality],
      ['رقم الموبايل', s.motherMobile, LTR],
    ]),
  };
}

export function family(s: FormStudent): FormSection {
  return {
    title: 'بيانات الأسرة',
    rows: fieldRows([
      ['عدد الإخوة', s.brothersNum, LTR],
      ['ترتيب الطالب بين إخوته', s.brothersOrder, LTR],
      ['عدد الإخوة الذكور', s.brothersMaleNum, LTR],
      ['عدد الإخوة الإناث', s.brothersFemaleNum, LTR],
      ['دخل الأسرة الشهري', s.income === null ? null : `${s.income} جنيه`],
      ['المدينة', s.city],
      ['عنوان السكن', s.address, WIDE],
    ]),
  };
}

export function identity(s: FormStudent, withContact: boolean): FormSection {
  return {
    title: 'بيانات الطالب',
    rows: fieldRows([
      ['اسم الطالب رباعيا', s.name, WIDE],
      ['الرقم القومي', s.nationalId, LTR],
      ['رقم الجلوس', s.seatNo, LTR],
      ...(withContact
        ? ([
            ['رقم الموبايل', s.phoneNumber, LTR],
            ['التليفون الأرضي', s.homeTel, LTR],
          ] as const)
        : []),
    ]),
  };
}
