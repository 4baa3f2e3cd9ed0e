import { isOtherOption, QUESTION_TYPES, type QuestionType, YES_ANSWER } from './additional-questions.js';
import { dataDeadlineSchema } from './deadlines.js';
import { successEnvelope } from './envelope.js';
import { QUIZ_QUESTION_COUNT } from './limits.js';
import { z } from './zod.js';

/**
 * The content the university edits itself (issue 19): the charter quiz bank, the questionnaire, the charter and
 * the colleges with their programs. Text is stored as typed (trimmed) and always shown as text: markup or Typst
 * syntax in it is displayed literally, in the app and in the PDFs.
 */

/**
 * What each instance caches and invalidates as one unit; `content_versions` holds one counter per kind. `seasons`
 * is the current admission season's name (issue 21), raised when a season is opened.
 */
export const CONTENT_KINDS = ['quiz', 'questionnaire', 'charter', 'colleges', 'seasons'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export const CONTENT_LIMITS = {
  quizQuestion: { min: 5, max: 500 },
  questionText: { min: 3, max: 500 },
  description: { max: 500 },
  option: { min: 1, max: 200 },
  options: { max: 30 },
  sectionTitle: { min: 2, max: 200 },
  paragraph: { min: 1, max: 5000 },
  paragraphsPerSection: { max: 100 },
  sections: { min: 1, max: 60 },
  name: { min: 2, max: 200 },
  sortOrder: { max: 10_000 },
} as const;

export const CONTENT_MESSAGES = {
  // Quiz bank
  quizQuestionText: `نص السؤال يجب أن يكون من ${CONTENT_LIMITS.quizQuestion.min} إلى ${CONTENT_LIMITS.quizQuestion.max} حرف`,
  quizAnswerRequired: 'اختر الإجابة الصحيحة: صح أو خطأ',
  quizSectionInvalid: 'اختر باب الميثاق الذي يأتي منه السؤال',
  quizQuestionIdInvalid: 'رقم السؤال غير صحيح',
  quizQuestionNotFound: 'السؤال غير موجود',
  quizQuestionDuplicate: 'يوجد سؤال آخر بالنص نفسه',
  quizTooFewActive: `لا يمكن إيقاف السؤال: يجب أن يبقى ${QUIZ_QUESTION_COUNT} أسئلة مفعلة على الأقل لاختبار الطالب`,
  quizQuestionAdded: 'تمت إضافة السؤال',
  quizQuestionSaved: 'تم حفظ السؤال',
  quizQuestionRetired: 'تم إيقاف السؤال، ولن يظهر في الاختبارات الجديدة',
  quizQuestionRestored: 'تمت إعادة تفعيل السؤال',
  // Questionnaire
  questionIdInvalid: 'رقم السؤال غير صحيح',
  questionNotFound: 'السؤال غير موجود',
  questionTypeInvalid: 'نوع السؤال غير معروف',
  questionTextInvalid: `نص السؤال يجب أن يكون من ${CONTENT_LIMITS.questionText.min} إلى ${CONTENT_LIMITS.questionText.max} حرف`,
  descriptionTooLong: `الوصف يجب ألا يزيد على ${CONTENT_LIMITS.description.max} حرف`,
  optionInvalid: `كل اختيار يجب أن يكون من ${CONTENT_LIMITS.option.min} إلى ${CONTENT_LIMITS.option.max} حرف`,
  tooManyOptions: `عدد الاختيارات يجب ألا يزيد على ${CONTENT_LIMITS.options.max}`,
  optionsNeedTwo: 'هذا النوع من الأسئلة يحتاج إلى اختيارين مختلفين على الأقل',
  optionsDuplicate: 'الاختيارات يجب أن تكون مختلفة، ولا يتكرر اختيار',
  inputHasNoOptions: 'سؤال الإجابة النصية لا يحتوي على اختيارات',
  otherOptionRequired: "هذا النوع من الأسئلة يحتاج إلى اختيار 'أخرى' ليكتب الطالب إجابته",
  yesOptionRequired: `هذا النوع من الأسئلة يحتاج إلى الاختيار '${YES_ANSWER}' ليكتب الطالب التفاصيل`,
  orderInvalid: 'الترتيب يجب أن يذكر كل سؤال مرة واحدة بالضبط',
  questionAdded: 'تمت إضافة السؤال',
  questionSaved: 'تم حفظ السؤال',
  orderSaved: 'تم حفظ ترتيب الأسئلة',
  // Charter
  charterSectionsCount: `الميثاق يجب أن يحتوي على باب واحد على الأقل ولا يزيد على ${CONTENT_LIMITS.sections.max} بابًا`,
  charterTitleInvalid: `عنوان الباب يجب أن يكون من ${CONTENT_LIMITS.sectionTitle.min} إلى ${CONTENT_LIMITS.sectionTitle.max} حرف`,
  charterParagraphsCount: `كل باب يجب أن يحتوي على فقرة واحدة على الأقل ولا يزيد على ${CONTENT_LIMITS.paragraphsPerSection.max} فقرة`,
  charterParagraphInvalid: `كل فقرة يجب أن تكون من ${CONTENT_LIMITS.paragraph.min} إلى ${CONTENT_LIMITS.paragraph.max} حرف`,
  charterTitleDuplicate: 'عناوين الأبواب يجب أن تكون مختلفة',
  charterPublished: 'تم نشر نسخة جديدة من الميثاق',
  charterUnchanged: 'لم يتغير شيء في الميثاق عن النسخة المنشورة',
  // Colleges and programs
  nameInvalid: `الاسم يجب أن يكون من ${CONTENT_LIMITS.name.min} إلى ${CONTENT_LIMITS.name.max} حرف`,
  sortOrderInvalid: 'الترتيب يجب أن يكون رقمًا صحيحًا من 0 إلى 10000',
  flagInvalid: 'القيمة يجب أن تكون نعم أو لا',
  nothingToChange: 'لم يُرسل أي تعديل',
  collegeNameTaken: 'توجد كلية أخرى بالاسم نفسه',
  collegeAdded: 'تمت إضافة الكلية',
  collegeSaved: 'تم حفظ بيانات الكلية',
  collegeDeleted: 'تم حذف الكلية',
  collegeInUse: 'لا يمكن حذف الكلية لأن طلابًا أو حسابات مسؤولين مرتبطة بها، ويمكن إخفاؤها بدلًا من ذلك',
  collegeHidden: 'هذه الكلية مخفية ولا تقبل رفع طلاب جدد',
  tourismHasPrograms: 'لا يمكن إلغاء صفة السياحة عن كلية لها برامج، احذف برامجها أو أخفها أولًا',
  programIdInvalid: 'رقم البرنامج غير صحيح',
  programNotFound: 'البرنامج غير موجود',
  programNameTaken: 'يوجد برنامج آخر بالاسم نفسه في هذه الكلية',
  programsOnlyForTourism: 'البرامج متاحة لكليات السياحة فقط',
  programAdded: 'تمت إضافة البرنامج',
  programSaved: 'تم حفظ البرنامج',
  programDeleted: 'تم حذف البرنامج',
  programInUse: 'لا يمكن حذف البرنامج لأن طلابًا اختاروه، ويمكن إخفاؤه بدلًا من ذلك',
  programsChanged: 'تغيرت أسماء البرامج أثناء إرسال البيانات، أعد تحميل الصفحة واختر البرامج من جديد',
} as const;

const trimmed = (min: number, max: number, message: string) =>
  z.string({ error: message }).trim().min(min, { error: message }).max(max, { error: message });

const sortOrder = z
  .number({ error: CONTENT_MESSAGES.sortOrderInvalid })
  .int({ error: CONTENT_MESSAGES.sortOrderInvalid })
  .min(0, { error: CONTENT_MESSAGES.sortOrderInvalid })
  .max(CONTENT_LIMITS.sortOrder.max, { error: CONTENT_MESSAGES.sortOrderInvalid });

const flag = z.boolean({ error: CONTENT_MESSAGES.flagInvalid });

/** A patch must change something: an empty object is refused with one clear message. */
const nonEmpty = <T extends object>(patch: T) => Object.keys(patch).length > 0;

// ---------------------------------------------------------------------------------------------------------------
// Quiz bank
// ---------------------------------------------------------------------------------------------------------------

export const quizQuestionIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: CONTENT_MESSAGES.quizQuestionIdInvalid })
    .int({ error: CONTENT_MESSAGES.quizQuestionIdInvalid })
    .min(1, { error: CONTENT_MESSAGES.quizQuestionIdInvalid })
    .max(2_147_483_647, { error: CONTENT_MESSAGES.quizQuestionIdInvalid }),
});

const quizQuestionFields = {
  question: trimmed(
    CONTENT_LIMITS.quizQuestion.min,
    CONTENT_LIMITS.quizQuestion.max,
    CONTENT_MESSAGES.quizQuestionText,
  ),
  answer: z.boolean({ error: CONTENT_MESSAGES.quizAnswerRequired }),
  /** The charter section's title; null when the question is not tied to one. */
  section: trimmed(1, CONTENT_LIMITS.sectionTitle.max, CONTENT_MESSAGES.quizSectionInvalid).nullable(),
};

/** `POST /content/quiz-questions`. */
export const quizQuestionCreateSchema = z.strictObject(
  { ...quizQuestionFields, section: quizQuestionFields.section.optional().default(null) },
  { error: CONTENT_MESSAGES.quizQuestionText },
);
export type QuizQuestionCreate = z.input<typeof quizQuestionCreateSchema>;

/** `PATCH /content/quiz-questions/{id}`: a new version with the fields given; `active: true` restores one. */
export const quizQuestionPatchSchema = z
  .strictObject(
    {
      question: quizQuestionFields.question.optional(),
      answer: quizQuestionFields.answer.optional(),
      section: quizQuestionFields.section.optional(),
      active: flag.optional(),
    },
    { error: CONTENT_MESSAGES.nothingToChange },
  )
  .refine(nonEmpty, { error: CONTENT_MESSAGES.nothingToChange });
export type QuizQuestionPatch = z.input<typeof quizQuestionPatchSchema>;

export const quizQuestionEntrySchema = z.object({
  index: z.number().int(),
  question: z.string(),
  answer: z.boolean(),
  section: z.string().nullable(),
  active: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type QuizQuestionEntry = z.infer<typeof quizQuestionEntrySchema>;

export const quizQuestionListResponseSchema = successEnvelope({
  data: z.array(quizQuestionEntrySchema),
  /** The fewest active questions the bank may keep: one draw's worth. */
  minimumActive: z.number().int(),
});
export const quizQuestionResponseSchema = successEnvelope({
  message: z.string(),
  data: quizQuestionEntrySchema,
});

// ---------------------------------------------------------------------------------------------------------------
// Questionnaire
// ---------------------------------------------------------------------------------------------------------------

/** The question as a student saw it when answering; stored with the answer. */
export const answeredQuestionSchema = z.object({
  question: z.string(),
  type: z.enum(QUESTION_TYPES),
  description: z.string().optional(),
  options: z.array(z.string()),
});
export type AnsweredQuestion = z.infer<typeof answeredQuestionSchema>;

export interface QuestionDefinition {
  type: QuestionType;
  question: string;
  description?: string | null | undefined;
  options: readonly string[];
}

export type DefinitionResult = { ok: true } | { ok: false; message: string };

/**
 * Whether a questionnaire question can be answered by the rules `validateAdditionalAnswers` applies to answers:
 * the choice types need two distinct options, the types that take extra text need the option that asks for it
 * ('أخرى' for multi_select_input and mcq_input, 'نعم' for mcq_yes_input), and a free-text question has none.
 */
export function validateQuestionDefinition(definition: QuestionDefinition): DefinitionResult {
  const options = definition.options.map((option) => option.trim());
  if (definition.type === 'input') {
    return options.length === 0 ? { ok: true } : { ok: false, message: CONTENT_MESSAGES.inputHasNoOptions };
  }
  if (new Set(options).size !== options.length)
    return { ok: false, message: CONTENT_MESSAGES.optionsDuplicate };
  if (options.length < 2) return { ok: false, message: CONTENT_MESSAGES.optionsNeedTwo };
  if (
    (definition.type === 'multi_select_input' || definition.type === 'mcq_input') &&
    !options.some(isOtherOption)
  ) {
    return { ok: false, message: CONTENT_MESSAGES.otherOptionRequired };
  }
  if (definition.type === 'mcq_yes_input' && !options.includes(YES_ANSWER)) {
    return { ok: false, message: CONTENT_MESSAGES.yesOptionRequired };
  }
  return { ok: true };
}

const questionFields = {
  type: z.enum(QUESTION_TYPES, { error: CONTENT_MESSAGES.questionTypeInvalid }),
  question: trimmed(
    CONTENT_LIMITS.questionText.min,
    CONTENT_LIMITS.questionText.max,
    CONTENT_MESSAGES.questionTextInvalid,
  ),
  description: z
    .string({ error: CONTENT_MESSAGES.descriptionTooLong })
    .trim()
    .max(CONTENT_LIMITS.description.max, { error: CONTENT_MESSAGES.descriptionTooLong })
    .transform((value) => (value === '' ? null : value))
    .nullable(),
  options: z
    .array(trimmed(CONTENT_LIMITS.option.min, CONTENT_LIMITS.option.max, CONTENT_MESSAGES.optionInvalid), {
      error: CONTENT_MESSAGES.optionInvalid,
    })
    .max(CONTENT_LIMITS.options.max, { error: CONTENT_MESSAGES.tooManyOptions }),
  active: flag,
};

const definitionIssue = (
  value: { type?: QuestionType; question?: string; options?: string[]; description?: string | null },
  ctx: z.RefinementCtx,
) => {
  if (value.type === undefined || value.options === undefined) return;
  const result = validateQuestionDefinition({
    type: value.type,
    question: value.question ?? '',
    options: value.options,
  });
  if (!result.ok) ctx.addIssue({ code: 'custom', message: result.message, path: ['options'] });
};

/** `POST /content/additional-questions`: a new question, placed last. */
export const questionCreateSchema = z
  .strictObject(
    {
      type: questionFields.type,
      question: questionFields.question,
      description: questionFields.description.optional().default(null),
      options: questionFields.options.optional().default([]),
      active: questionFields.active.optional().default(true),
    },
    { error: CONTENT_MESSAGES.questionTextInvalid },
  )
  .superRefine(definitionIssue);
export type QuestionCreate = z.input<typeof questionCreateSchema>;

/**
 * `PATCH /content/additional-questions/{id}`: the fields given. The server checks the question as it will be
 * (stored fields merged with these) with `validateQuestionDefinition`, so a type change without its options is
 * refused too.
 */
export const questionPatchSchema = z
  .strictObject(
    {
      type: questionFields.type.optional(),
      question: questionFields.question.optional(),
      description: questionFields.description.optional(),
      options: questionFields.options.optional(),
      active: questionFields.active.optional(),
    },
    { error: CONTENT_MESSAGES.nothingToChange },
  )
  .refine(nonEmpty, { error: CONTENT_MESSAGES.nothingToChange });
export type QuestionPatch = z.input<typeof questionPatchSchema>;

export const questionIdParamsSchema = z.object({
  id: z
    .string()
    .min(1, { error: CONTENT_MESSAGES.questionIdInvalid })
    .max(100, { error: CONTENT_MESSAGES.questionIdInvalid }),
});

/** `POST /content/additional-questions/order`: every question's id (active or not), in the new order. */
export const questionOrderSchema = z.strictObject(
  {
    ids: z
      .array(z.string({ error: CONTENT_MESSAGES.orderInvalid }).min(1).max(100), {
        error: CONTENT_MESSAGES.orderInvalid,
      })
      .min(1, { error: CONTENT_MESSAGES.orderInvalid })
      .max(500, { error: CONTENT_MESSAGES.orderInvalid }),
  },
  { error: CONTENT_MESSAGES.orderInvalid },
);

export const questionEntrySchema = z.object({
  id: z.string(),
  type: z.enum(QUESTION_TYPES),
  question: z.string(),
  description: z.string().nullable(),
  options: z.array(z.string()),
  active: z.boolean(),
  sortOrder: z.number().int(),
  /** How many students answered it (their answers keep the wording they saw). */
  answeredCount: z.number().int(),
  updatedAt: z.string(),
});
export type QuestionEntry = z.infer<typeof questionEntrySchema>;

export const questionListResponseSchema = successEnvelope({ data: z.array(questionEntrySchema) });
export const questionResponseSchema = successEnvelope({ message: z.string(), data: questionEntrySchema });
/** `POST /content/additional-questions/order`: the whole list in its new order, as the list call answers it. */
export const questionOrderResponseSchema = successEnvelope({
  message: z.string(),
  data: z.array(questionEntrySchema),
});

// ---------------------------------------------------------------------------------------------------------------
// Charter
// ---------------------------------------------------------------------------------------------------------------

export const charterSectionSchema = z.strictObject(
  {
    title: trimmed(
      CONTENT_LIMITS.sectionTitle.min,
      CONTENT_LIMITS.sectionTitle.max,
      CONTENT_MESSAGES.charterTitleInvalid,
    ),
    paragraphs: z
      .array(
        trimmed(
          CONTENT_LIMITS.paragraph.min,
          CONTENT_LIMITS.paragraph.max,
          CONTENT_MESSAGES.charterParagraphInvalid,
        ),
        { error: CONTENT_MESSAGES.charterParagraphsCount },
      )
      .min(1, { error: CONTENT_MESSAGES.charterParagraphsCount })
      .max(CONTENT_LIMITS.paragraphsPerSection.max, { error: CONTENT_MESSAGES.charterParagraphsCount }),
  },
  { error: CONTENT_MESSAGES.charterTitleInvalid },
);
export type CharterSectionContent = z.infer<typeof charterSectionSchema>;

/** `PUT /content/charter` and `POST /content/charter/preview`: the whole charter's sections, in order. */
export const charterSectionsSchema = z
  .strictObject(
    {
      sections: z
        .array(charterSectionSchema, { error: CONTENT_MESSAGES.charterSectionsCount })
        .min(CONTENT_LIMITS.sections.min, { error: CONTENT_MESSAGES.charterSectionsCount })
        .max(CONTENT_LIMITS.sections.max, { error: CONTENT_MESSAGES.charterSectionsCount }),
    },
    { error: CONTENT_MESSAGES.charterSectionsCount },
  )
  .refine(({ sections }) => new Set(sections.map((s) => s.title)).size === sections.length, {
    error: CONTENT_MESSAGES.charterTitleDuplicate,
    path: ['sections'],
  });
export type CharterSections = z.infer<typeof charterSectionsSchema>;

export const charterVersionSchema = z.object({
  version: z.number().int(),
  publishedAt: z.string(),
  /** The account that published it; null for the charter the portal shipped with. */
  publishedBy: z.string().nullable(),
  sections: z.array(z.object({ title: z.string(), paragraphs: z.array(z.string()) })),
});
export type CharterVersion = z.infer<typeof charterVersionSchema>;

export const charterResponseSchema = successEnvelope({
  data: charterVersionSchema,
  /** Every published version, newest first, without their text. */
  versions: z.array(charterVersionSchema.omit({ sections: true })),
});
export const charterPublishResponseSchema = successEnvelope({
  message: z.string(),
  data: charterVersionSchema,
});

// ---------------------------------------------------------------------------------------------------------------
// Colleges and programs
// ---------------------------------------------------------------------------------------------------------------

const collegeName = trimmed(CONTENT_LIMITS.name.min, CONTENT_LIMITS.name.max, CONTENT_MESSAGES.nameInvalid);

/** `POST /colleges`: a new college, listed last unless a sort order is given. */
export const collegeCreateSchema = z.strictObject(
  {
    name: collegeName,
    socialWork: flag.optional().default(false),
    tourism: flag.optional().default(false),
    sortOrder: sortOrder.optional(),
  },
  { error: CONTENT_MESSAGES.nameInvalid },
);
export type CollegeCreate = z.input<typeof collegeCreateSchema>;

/**
 * `PATCH /colleges/{id}`: the fields given. `{dataDeadline}` alone is the college settings' call of issue 17 and
 * answers as it did; a rename shows everywhere at once, since students and accounts refer to the college by id.
 */
export const collegePatchSchema = z
  .strictObject(
    {
      name: collegeName.optional(),
      socialWork: flag.optional(),
      tourism: flag.optional(),
      sortOrder: sortOrder.optional(),
      hidden: flag.optional(),
      dataDeadline: dataDeadlineSchema.optional(),
    },
    { error: CONTENT_MESSAGES.nothingToChange },
  )
  .refine(nonEmpty, { error: CONTENT_MESSAGES.nothingToChange });
export type CollegePatch = z.input<typeof collegePatchSchema>;

export const programIdParamsSchema = z.object({
  id: z.uuid({ error: CONTENT_MESSAGES.programIdInvalid.replace('البرنامج', 'الكلية') }),
  programId: z.uuid({ error: CONTENT_MESSAGES.programIdInvalid }),
});

/** `POST /colleges/{id}/programs`. */
export const programCreateSchema = z.strictObject(
  { name: collegeName, sortOrder: sortOrder.optional() },
  { error: CONTENT_MESSAGES.nameInvalid },
);
export type ProgramCreate = z.input<typeof programCreateSchema>;

/** `PATCH /colleges/{id}/programs/{programId}`: a rename also renames it in the students' stored choices. */
export const programPatchSchema = z
  .strictObject(
    { name: collegeName.optional(), sortOrder: sortOrder.optional(), hidden: flag.optional() },
    { error: CONTENT_MESSAGES.nothingToChange },
  )
  .refine(nonEmpty, { error: CONTENT_MESSAGES.nothingToChange });
export type ProgramPatch = z.input<typeof programPatchSchema>;

export const programEntrySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  sortOrder: z.number().int(),
  hidden: z.boolean(),
  /** How many students chose it among their programs. */
  studentCount: z.number().int(),
});
export type ProgramEntry = z.infer<typeof programEntrySchema>;

/** A college on the content screen: its flags, order, visibility, how many refer to it, and its programs. */
export const contentCollegeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  socialWork: z.boolean(),
  tourism: z.boolean(),
  sortOrder: z.number().int(),
  hidden: z.boolean(),
  studentCount: z.number().int(),
  staffCount: z.number().int(),
  programs: z.array(programEntrySchema),
});
export type ContentCollege = z.infer<typeof contentCollegeSchema>;

/**
 * `GET /colleges` as a faculty choice for new uploads reads it: the spec's names, and which colleges are hidden
 * (left out of the choice; an answer without the entries hides nothing).
 */
export const collegeChoicesResponseSchema = successEnvelope({
  data: z.object({
    data: z.array(z.string()),
    colleges: z.array(z.object({ name: z.string(), hidden: z.boolean() })).default([]),
  }),
});
export type CollegeChoicesResponse = z.infer<typeof collegeChoicesResponseSchema>;

export const contentCollegesResponseSchema = successEnvelope({ data: z.array(contentCollegeSchema) });
export const contentCollegeResponseSchema = successEnvelope({
  message: z.string(),
  data: contentCollegeSchema,
});
