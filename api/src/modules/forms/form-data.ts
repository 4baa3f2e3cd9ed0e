import {
  DOCUMENT_STATE_LABELS,
  DOCUMENTS_STATUS_LABELS,
  IMAGE_KIND_LABELS,
  IMAGE_KINDS,
  REFUSAL_REASON_LABELS,
} from '@portal/common';
import { type FormSection, formatIssuedAt } from './form-fields.js';
import { FORMS, type FormKind } from './form-kinds.js';
import {
  contact,
  family,
  father,
  guardian,
  identity,
  mother,
  personal,
  programs,
  qualification,
} from './form-sections.js';
import type { FormStudent } from './forms.repository.js';
import {
  appointmentOf,
  criteriaOf,
  outcomeOf,
  type PrintedAppointment,
  type PrintedOutcome,
} from './personal-test-form.js';

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
  appointment: PrintedAppointment | null;
  criteria: { label: string; max: number; score: number | null }[];
  outcome: PrintedOutcome | null;
  committee: string[];
  /** Admission form only: the documents review. */
  documents: DocumentsReview | null;
}

export interface FormContext {
  issuedAt: Date;
  timeZone: string;
  /** The stored photo's file name for the template (`photo.png`/`photo.jpg`), or null when there is none. */
  photo: string | null;
  qr: string;
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
        appointment: appointmentOf(s),
        criteria: criteriaOf(s),
        outcome: outcomeOf(s, context.timeZone),
        committee: ['رئيس اللجنة', 'عضو اللجنة', 'عضو اللجنة'],
        signatures: ['يعتمد، عميد الكلية'],
      };
  }
}
