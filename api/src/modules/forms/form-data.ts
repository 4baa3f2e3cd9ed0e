import {
  DOCUMENT_STATE_LABELS,
  DOCUMENTS_STATUS_LABELS,
  formatScheduleDate,
  IMAGE_KIND_LABELS,
  IMAGE_KINDS,
  INTERVIEW_CRITERIA,
  INTERVIEW_DECISION_LABELS,
  INTERVIEW_TOTAL_MAX,
  type InterviewScores,
  PERIOD_LABELS,
  type Period,
  REFUSAL_REASON_LABELS,
  WEEKDAY_NAMES,
  weekdayOf,
} from '@portal/common';
import { FORMS, type FormKind } from './form-kinds.js';
import type { FormStudent } from './forms.repository.js';

/** One printed field: an Arabic label and its value. `ltr` values (numbers, e-mails, Latin names) are isolated. */
export interface FormField {
  label: string;
  value: string;
  ltr: boolean;
}

/** A table row holds two fields side by side, or one wide field across the row. */
export type FormRow = [FormField] | [FormField, FormField];

export interface FormSection {
  title: string;
  rows: FormRow[];
}

/** The admission form's documents line (issue 16): the review status, then each refused document and why. */
export interface DocumentsReview {
  status: string;
  refused: { document: string; reason: string; note: string | null }[];
}

/** What the Typst templates read from /data.json (beside `branding`, which the shared layout adds). */
export interface FormTemplateData {
  form: {
    kind: FormKind;
    title: string;
    college: string;
    /** dd/MM/yyyy HH:mm in the university's time zone. */
    issuedAt: string;
    /** File names of the extra files: the QR code and the personal photo (null: a framed placeholder). */
    qr: string;
    photo: string | null;
  };
  student: { name: string; nationalId: string };
  sections: FormSection[];
  declaration: string | null;
  signatures: string[];
  /** Acquaintance form: questions the student answers by hand. */
  handwritten: { prompt: string; lines: number }[];
  /**
   * Final personal-test form: the interview appointment, the scoring criteria (with the recorded score, or
   * null to fill in by hand), the recorded outcome (null: the result part stays blank) and the committee.
   */
  appointment: { day: string; weekday: string; period: string } | null;
  criteria: { label: string; max: number; score: number | null }[];
  outcome: PrintedOutcome | null;
  committee: string[];
  /** Admission form only: the documents review. */
  documents: DocumentsReview | null;
}

/** The committee's saved outcome as the personal-test form prints it. */
export interface PrintedOutcome {
  attended: boolean;
  /** The total out of `max`, or null until all six criteria are scored. */
  total: number | null;
  max: number;
  /** 'suitable' or 'notSuitable' with its Arabic label, or null while undecided. */
  decision: { code: 'suitable' | 'notSuitable'; label: string } | null;
  notes: string | null;
  /** dd/MM/yyyy in the university's time zone: when the outcome was first recorded. */
  date: string;
}

export interface FormContext {
  issuedAt: Date;
  timeZone: string;
  /** The stored photo's file name for the template (`photo.png`/`photo.jpg`), or null when there is none. */
  photo: string | null;
  qr: string;
}

const MISSING = '—';
const ENROLLMENT_LABELS: Record<FormStudent['enrollmentStatus'], string> = {
  regular: 'منتظم',
  affiliated: 'منتسب',
  none: 'بدون',
};

type Spec = readonly [label: string, value: string | number | null | undefined, options?: FieldOptions];
interface FieldOptions {
  ltr?: boolean;
  /** Takes a whole row (long values: names, addresses, e-mails, qualifications). */
  wide?: boolean;
  /** Left out when the student has no value (imported, optional data); otherwise printed as '—'. */
  optional?: boolean;
}

function text(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = String(value).trim();
  return trimmed === '' ? null : trimmed;
}

/** Runs of one left-to-right value longer than this get places to break (a long e-mail address). */
const LONG_RUN = 30;

/**
 * A long unspaced run (an e-mail address) cannot wrap in a table cell and would run off the page: zero-width
 * spaces after '.', '@', '_', '-' and '/' (and every 20 characters without one) let it wrap there. Ordinary
 * values are left exactly as they are.
 */
export function wrappable(value: string): string {
  return value.replace(new RegExp(`\\S{${LONG_RUN + 1},}`, 'g'), (run) =>
    run.replace(/[.@_\-/]/g, '$&\u200b').replace(/[^.@_\-/\u200b]{20}(?=[^\u200b])/g, '$&\u200b'),
  );
}

/** Fields laid out in rows: wide ones alone, the others in pairs in their order. */
export function fieldRows(specs: readonly Spec[]): FormRow[] {
  const rows: FormRow[] = [];
  let pending: FormField | undefined;
  for (const [label, raw, options = {}] of specs) {
    const value = text(raw);
    if (value === null && options.optional) continue;
    const ltr = Boolean(options.ltr) && value !== null;
    const field: FormField = { label, value: value === null ? MISSING : ltr ? wrappable(value) : value, ltr };
    if (options.wide) {
      if (pending) rows.push([pending]);
      pending = undefined;
      rows.push([field]);
    } else if (pending) {
      rows.push([pending, field]);
      pending = undefined;
    } else {
      pending = field;
    }
  }
  if (pending) rows.push([pending]);
  return rows;
}

/** Numerics arrive as text such as '385.50'; people read '385.5'. */
function formatNumber(value: string | null): string | null {
  if (value === null) return null;
  const number = Number(value);
  return Number.isFinite(number) ? String(number) : value;
}

/** The instant as dd/MM/yyyy HH:mm in the time zone. */
export function formatIssuedAt(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

const LTR = { ltr: true } as const;
const WIDE = { wide: true } as const;
const WIDE_LTR = { wide: true, ltr: true } as const;

function personal(s: FormStudent): FormSection {
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

function contact(s: FormStudent): FormSection {
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

function qualification(s: FormStudent): FormSection {
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

function programs(s: FormStudent): FormSection {
  return {
    title: 'البرامج المرغوبة بترتيب الأفضلية',
    rows: fieldRows([
      ['الرغبة الأولى', s.program1, WIDE],
      ['الرغبة الثانية', s.program2, WIDE],
      ['الرغبة الثالثة', s.program3, WIDE],
    ]),
  };
}

function guardian(s: FormStudent): FormSection {
  return {
    title: 'بيانات ولي الأمر',
    rows: fieldRows([
      ['اسم ولي الأمر', s.masterName, WIDE],
      ['الوظيفة', s.masterJob],
      ['المؤهل', s.masterQualification],
    ]),
  };
}

function father(s: FormStudent, family: boolean): FormSection {
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

function mother(s: FormStudent): FormSection {
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

function family(s: FormStudent): FormSection {
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

function identity(s: FormStudent, withContact: boolean): FormSection {
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

const ADMISSION_DECLARATION =
  'أقر أنا الموقع أدناه بأن جميع البيانات الواردة في هذه الاستمارة صحيحة وعلى مسؤوليتي، وأن صور المستندات التي ' +
  'رفعتها مطابقة لأصولها، وأتعهد بالالتزام بلوائح الجامعة ونظمها، ويحق للكلية إلغاء قبولي إذا ثبت عدم صحة أي بيان.';
const ACQUAINTANCE_DECLARATION =
  'أقر بأن البيانات السابقة صحيحة، وأعلم أنها تستخدم لأغراض التعارف والرعاية الاجتماعية للطالب، ولا يطلع عليها إلا ' +
  'المختصون بالكلية.';

const HANDWRITTEN = [
  { prompt: 'الهوايات والأنشطة التي تمارسها:', lines: 2 },
  { prompt: 'أسباب اختيارك الالتحاق بكلية الخدمة الاجتماعية:', lines: 2 },
  { prompt: 'ظروف صحية أو اجتماعية ترغب أن تعرفها الكلية عنك (إن وجدت):', lines: 2 },
];

function appointment(s: FormStudent): FormTemplateData['appointment'] {
  if (!s.appointedDay || s.appointedHour === null) return null;
  return {
    day: formatScheduleDate(s.appointedDay),
    weekday: WEEKDAY_NAMES[weekdayOf(s.appointedDay)] ?? '',
    period: PERIOD_LABELS[s.appointedHour as Period] ?? `${s.appointedHour}:00`,
  };
}

/** dd/MM/yyyy of the instant in the time zone (the date part of `formatIssuedAt`). */
const formatDay = (instant: Date, timeZone: string) => formatIssuedAt(instant, timeZone).slice(0, 10);

/** The six criteria of the common definition, each with its recorded score when the student attended. */
export function criteriaOf(s: Pick<FormStudent, 'interviewAttended' | 'interviewScores'>) {
  const scores = (s.interviewAttended ? s.interviewScores : null) as InterviewScores | null;
  return INTERVIEW_CRITERIA.map(({ key, label, max }) => ({ label, max, score: scores?.[key] ?? null }));
}

/** The saved outcome as printed, or null before the committee saved one (the form is filled by hand then). */
export function outcomeOf(
  s: Pick<
    FormStudent,
    'interviewAttended' | 'interviewTotal' | 'interviewDecision' | 'interviewNotes' | 'interviewRecordedAt'
  >,
  timeZone: string,
): PrintedOutcome | null {
  if (s.interviewAttended === null || s.interviewRecordedAt === null) return null;
  return {
    attended: s.interviewAttended,
    total: s.interviewTotal,
    max: INTERVIEW_TOTAL_MAX,
    decision: s.interviewDecision
      ? { code: s.interviewDecision, label: INTERVIEW_DECISION_LABELS[s.interviewDecision] }
      : null,
    notes: s.interviewNotes?.trim() || null,
    date: formatDay(s.interviewRecordedAt, timeZone),
  };
}

/**
 * The documents review as the admission form states it, refused documents in the form's order. The reason is
 * printed in Arabic and the staff's note as it was written: both are data the template prints as text.
 */
export function documentsReview(
  s: Pick<FormStudent, 'documentsStatus' | 'refusedDocuments'>,
): DocumentsReview {
  const refused = [...s.refusedDocuments]
    .sort(([a], [b]) => IMAGE_KINDS.indexOf(a) - IMAGE_KINDS.indexOf(b))
    .map(([kind, reason, note]) => ({
      document: IMAGE_KIND_LABELS[kind] ?? kind,
      reason: reason ? REFUSAL_REASON_LABELS[reason] : DOCUMENT_STATE_LABELS.rejected,
      note: note?.trim() || null,
    }));
  return { status: DOCUMENTS_STATUS_LABELS[s.documentsStatus], refused };
}

/** The data of one form of the student, as its template prints it. */
export function formData(kind: FormKind, s: FormStudent, context: FormContext): FormTemplateData {
  const base = {
    form: {
      kind,
      title: FORMS[kind].title,
      college: s.college,
      issuedAt: formatIssuedAt(context.issuedAt, context.timeZone),
      qr: context.qr,
      photo: context.photo,
    },
    student: { name: s.name, nationalId: s.nationalId },
    declaration: null,
    handwritten: [],
    appointment: null,
    criteria: [],
    outcome: null,
    committee: [],
    documents: null,
  } satisfies Partial<FormTemplateData>;

  switch (kind) {
    case 'admission':
      return {
        ...base,
        sections: [
          personal(s),
          contact(s),
          qualification(s),
          ...(s.tourism ? [programs(s)] : []),
          guardian(s),
          father(s, s.socialWork),
          ...(s.socialWork ? [mother(s)] : []),
        ],
        declaration: ADMISSION_DECLARATION,
        signatures: ['توقيع الطالب', 'توقيع ولي الأمر', 'الموظف المختص بشؤون الطلاب'],
        documents: documentsReview(s),
      };
    case 'acquaintance':
      return {
        ...base,
        sections: [identity(s, true), family(s), father(s, true), mother(s)],
        declaration: ACQUAINTANCE_DECLARATION,
        handwritten: HANDWRITTEN,
        signatures: ['توقيع الطالب', 'الأخصائي الاجتماعي', 'وكيل الكلية لشؤون الطلاب'],
      };
    case 'finalPersonalTest':
      return {
        ...base,
        sections: [identity(s, true)],
        appointment: appointment(s),
        criteria: criteriaOf(s),
        outcome: outcomeOf(s, context.timeZone),
        committee: ['رئيس اللجنة', 'عضو اللجنة', 'عضو اللجنة'],
        signatures: ['يعتمد، عميد الكلية'],
      };
  }
}
