/**
 * The three admission forms (spec sections 2 'formsDownload' and 7): the admission request form of every
 * college, and the acquaintance and final personal-test forms of the social-work college only.
 */
export const FORM_KINDS = ['admission', 'acquaintance', 'finalPersonalTest'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

export interface FormDefinition {
  kind: FormKind;
  /** The call's name in the path, `GET /students/{call}/{studentId}` (spec section 7). */
  call: 'getAdmissionForm' | 'getAcquaintanceForm' | 'getFinalPersonalTestForm';
  /** The printed title, also the Arabic file name. */
  title: string;
  /** The ASCII fallback file name (without `.pdf`). */
  asciiName: string;
  /** The Typst template beside this file. */
  template: string;
  /** Offered to students of colleges flagged `socialWork` only. */
  socialWorkOnly: boolean;
  /** One byte naming the kind inside a verification token; never reused for another kind. */
  code: number;
}

export const FORMS: Record<FormKind, FormDefinition> = {
  admission: {
    kind: 'admission',
    call: 'getAdmissionForm',
    title: 'استمارة طلب الالتحاق',
    asciiName: 'admission-form',
    template: './admission.typ',
    socialWorkOnly: false,
    code: 1,
  },
  acquaintance: {
    kind: 'acquaintance',
    call: 'getAcquaintanceForm',
    title: 'استمارة التعارف',
    asciiName: 'acquaintance-form',
    template: './acquaintance.typ',
    socialWorkOnly: true,
    code: 2,
  },
  finalPersonalTest: {
    kind: 'finalPersonalTest',
    call: 'getFinalPersonalTestForm',
    title: 'استمارة الاختبار الشخصي النهائي',
    asciiName: 'final-personal-test-form',
    template: './final-personal-test.typ',
    socialWorkOnly: true,
    code: 3,
  },
};

export function formKindOfCode(code: number): FormKind | undefined {
  return FORM_KINDS.find((kind) => FORMS[kind].code === code);
}
