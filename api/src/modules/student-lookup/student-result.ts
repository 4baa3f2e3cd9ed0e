import { INTERVIEW_DECISION_LABELS, type InterviewDecision, type StudentResultEntry } from '@portal/common';
import { periodLabel } from '../appointment-calendar/index.js';
import type { StudentRecord } from './student-lookup.repository.js';

const ENROLLMENT_LABELS: Record<StudentRecord['enrollmentStatus'], string> = {
  regular: 'منتظم',
  affiliated: 'منتسب',
  none: 'بدون',
};

/** Numerics arrive as text such as '385.50'; people read '385.5'. The entered value wins over the imported. */
function formatNumber(value: string | null): string | null {
  if (value === null) return null;
  const number = Number(value);
  return Number.isFinite(number) ? String(number) : String(value);
}

/** 'YYYY-MM-DD' as the screens write dates: dd/MM/yyyy. */
function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return year && month && day ? `${day}/${month}/${year}` : isoDate;
}

/** Optional lines, in display order: shown only when the student has the value. */
const OPTIONAL_LINES: readonly [string, (s: StudentRecord) => string | number | null | undefined][] = [
  ['الاسم باللغة الإنجليزية', (s) => s.studentNameEn],
  ['النوع', (s) => s.gender],
  ['رقم الموبايل', (s) => s.phoneNumber],
  ['التليفون الأرضي', (s) => s.homeTel],
  ['البريد الإلكتروني', (s) => s.email],
  ['العنوان', (s) => s.address],
  ['المدينة', (s) => s.city],
  ['المؤهل', (s) => s.qualification],
  ['سنة الحصول على المؤهل', (s) => s.qualificationYear],
  ['المجموع الكلي', (s) => formatNumber(s.totalGrade ?? s.importedTotalGrade)],
  ['النسبة المئوية', (s) => formatNumber(s.percentage ?? s.importedPercentage)],
  ['البرنامج الأول', (s) => s.program1],
  ['البرنامج الثاني', (s) => s.program2],
  ['البرنامج الثالث', (s) => s.program3],
  ['اسم ولي الأمر', (s) => s.masterName],
  ['وظيفة ولي الأمر', (s) => s.masterJob],
  ['مؤهل ولي الأمر', (s) => s.masterQualification],
  ['اسم الأب', (s) => s.fatherName],
  ['وظيفة الأب', (s) => s.fatherJob],
  ['مؤهل الأب', (s) => s.fatherQualification],
  ['جنسية الأب', (s) => s.fatherNationality],
  ['موبايل الأب', (s) => s.fatherMobile],
  ['اسم الأم', (s) => s.motherName],
  ['جنسية الأم', (s) => s.motherNationality],
  ['وظيفة الأم', (s) => s.motherJob],
  ['موبايل الأم', (s) => s.motherMobile],
  ['عدد الإخوة', (s) => s.brothersNum],
  ['عدد الإخوة الذكور', (s) => s.brothersMaleNum],
  ['عدد الإخوة الإناث', (s) => s.brothersFemaleNum],
  ['ترتيب الطالب بين إخوته', (s) => s.brothersOrder],
  ['دخل الأسرة الشهري', (s) => s.income],
  [
    'موعد الاختبار الشخصي',
    (s) =>
      s.appointedDay && s.appointedHour !== null
        ? `${formatDate(s.appointedDay)} - ${periodLabel(s.appointedHour)}`
        : null,
  ],
  ['مكان الاختبار الشخصي', (s) => s.appointmentPlace],
];

/**
 * The student's data as Arabic name/value lines for the data screen (`result` of `getStudent`). The interview
 * decision is given apart: it is shown only when the university lets students see it.
 */
export function studentResult(
  student: StudentRecord,
  interviewDecision: InterviewDecision | null = null,
): StudentResultEntry[] {
  const lines: StudentResultEntry[] = [
    { name: 'الاسم', value: student.name },
    { name: 'الرقم القومي', value: student.nationalId },
    { name: 'رقم الجلوس', value: student.seatNo ?? 'غير مسجل' },
    { name: 'الكلية', value: student.college },
    { name: 'حالة القيد', value: ENROLLMENT_LABELS[student.enrollmentStatus] },
    { name: 'حالة البيانات', value: student.isComplete ? 'مكتملة' : 'غير مكتملة' },
  ];
  for (const [name, read] of OPTIONAL_LINES) {
    const value = read(student);
    if (value === null || value === undefined) continue;
    const text = String(value).trim();
    if (text !== '') lines.push({ name, value: text });
  }
  if (interviewDecision)
    lines.push({ name: 'نتيجة الاختبار الشخصي', value: INTERVIEW_DECISION_LABELS[interviewDecision] });
  return lines;
}
