import { YES_ANSWER } from './additional-questions.js';
import { QUIZ_QUESTION_COUNT } from './limits.js';

/**
 * The content the university edits itself (issue 19): the charter quiz bank, the questionnaire, the charter and
 * the colleges with their programs. Text is stored as typed (trimmed) and always shown as text: markup or Typst
 * syntax in it is displayed literally, in the app and in the PDFs. Each subject's schemas live with it (quiz.ts,
 * additional-questions-content.ts, charter.ts, colleges.ts); what they share stays here: the kinds cached as one
 * unit, the limits and the messages.
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
