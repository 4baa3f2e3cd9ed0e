/**
 * Arabic messages shown to people. One catalogue for client and server so that both say the same words for the
 * same rule.
 */
export const MESSAGES = {
  unexpected: 'حدث خطأ غير متوقع',
  networkError: 'خطأ في الاتصال بالخادم',
  databaseUnavailable: 'قاعدة البيانات غير متاحة حاليا، حاول مرة أخرى بعد قليل',
  notFoundRoute: 'المسار المطلوب غير موجود',
  invalidJson: 'صيغة البيانات المرسلة غير صحيحة',
  unsupportedMediaType: 'نوع المحتوى المرسل غير مدعوم',
  bodyTooLarge: 'حجم البيانات المرسلة أكبر من المسموح',
  invalidInput: 'البيانات المرسلة غير صحيحة',
  tooManyRequests: 'عدد كبير من المحاولات، حاول مرة أخرى بعد قليل',
  unauthorized: 'يجب تسجيل الدخول أولا',
  forbidden: 'غير مسموح لك بالقيام بهذا الإجراء',
  noAccess: 'لا يمكنك الوصول إلى هذه الصفحة',
  pageNotFound: 'الصفحة غير موجودة',
  collegeNotFound: 'الكلية غير موجودة',
  collegeNotTourism: 'هذه الكلية ليس لها برامج للاختيار',
  nationalIdRequired: 'يجب ادخال الرقم القومي',
  loading: 'جاري التحميل...',
  nationalIdInvalid: 'الرقم القومي غير صحيح',
  answersNotArray: 'يجب أن تكون الإجابات في صورة قائمة',
  questionsNotArray: 'يجب أن تكون الأسئلة في صورة قائمة',
  answerAllQuestions: 'يجب الإجابة على جميع الأسئلة',
  invalidAnswerEntry: 'صيغة الإجابة غير صحيحة',
  answerNotArray: 'يجب أن تكون الإجابة في صورة قائمة',
  answerTheQuestion: 'يجب الإجابة على السؤال',
  invalidOption: 'اختيار غير صحيح',
  otherDetailsRequired: 'يجب إدخال تفاصيل إضافية عند اختيار أخرى',
  yesDetailsRequired: 'يجب إدخال تفاصيل إضافية عند الإجابة بنعم',
  failedToLoadQuestions: 'فشل تحميل الأسئلة',
  quizUnknownQuestion: 'إجابة لسؤال غير موجود في الاختبار',
  quizInvalidAnswerValue: 'الإجابة يجب أن تكون صح أو خطأ',
  quizNotDrawn: 'لا توجد أسئلة اختبار لهذا الطالب، أعد تحميل الصفحة',
} as const;
export type MessageKey = keyof typeof MESSAGES;

/** Longest piece of a value sent by the client that is echoed back inside a message. */
const ECHO_MAX_CHARS = 64;

function echo(value: string): string {
  return value.length > ECHO_MAX_CHARS ? `${value.slice(0, ECHO_MAX_CHARS)}…` : value;
}

/** Arabic messages that name a question or an id. Ids come from the client, so they are shortened. */
export const MESSAGE_TEMPLATES = {
  invalidQuestion: (id: string): string => `سؤال غير صحيح: ${echo(id)}`,
  invalidAnswerFor: (question: string): string => `إجابة غير صحيحة للسؤال: "${question}"`,
  unknownQuestionType: (question: string): string => `نوع سؤال غير معروف للسؤال: "${question}"`,
} as const;
