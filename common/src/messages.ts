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
  // Staff sign-in, tokens and accounts (issue 5).
  invalidCredentials: 'اسم المستخدم أو كلمة المرور غير صحيحة',
  loggedIn: 'تم تسجيل الدخول بنجاح',
  sessionInvalid: 'انتهت صلاحية الجلسة أو أنها غير صالحة، سجل الدخول مرة أخرى',
  changePasswordFirst: 'يجب تغيير كلمة المرور أولا',
  otherFacultyForbidden: 'غير مسموح لك بالوصول إلى بيانات كلية أخرى',
  userNameRequired: 'يجب إدخال اسم المستخدم',
  userNameEmpty: 'اسم المستخدم لا يمكن أن يكون فارغا',
  userNameTooShort: 'اسم المستخدم يجب ألا يقل عن 5 أحرف',
  userNameTooLong: 'اسم المستخدم يجب ألا يزيد عن 50 حرفا',
  userNameInvalidChars: 'اسم المستخدم يقبل الحروف الإنجليزية والأرقام والرموز . _ - فقط',
  userNameTaken: 'اسم المستخدم مستخدم من قبل، اختر اسما آخر',
  passwordRequired: 'يجب إدخال كلمة المرور',
  passwordEmpty: 'كلمة المرور لا يمكن أن تكون فارغة',
  passwordTooShort: 'كلمة المرور يجب ألا تقل عن 8 أحرف',
  passwordTooLong: 'كلمة المرور طويلة جدا',
  passwordLettersAndDigits: 'كلمة المرور يجب أن تحتوي على حروف وأرقام',
  passwordsDoNotMatch: 'كلمتا المرور غير متطابقتين',
  currentPasswordWrong: 'كلمة المرور الحالية غير صحيحة',
  passwordWrong: 'كلمة المرور غير صحيحة',
  passwordSameAsCurrent: 'كلمة المرور الجديدة يجب أن تختلف عن الحالية',
  passwordChangedSuccess: 'تم تغيير كلمة المرور بنجاح',
  staffNameRequired: 'يجب إدخال الاسم',
  staffNameEmpty: 'الاسم لا يمكن أن يكون فارغا',
  staffNameTooLong: 'الاسم يجب ألا يزيد عن 100 حرف',
  phoneRequired: 'يجب إدخال رقم الموبايل',
  phoneEmpty: 'رقم الموبايل لا يمكن أن يكون فارغا',
  phoneInvalid: 'رقم الموبايل يجب أن يتكون من 8 إلى 15 رقما',
  facultyRequired: 'يجب اختيار الكلية',
  facultyTooLong: 'اسم الكلية أطول من المسموح',
  roleInvalid: 'الصلاحية المختارة غير صحيحة',
  staffIdInvalid: 'معرف المسؤول غير صحيح',
  adminSearchRequired: 'يجب اختيار نوع البحث وإدخال قيمة البحث',
  noResultsFound: 'لا توجد نتائج',
  adminNotFound: 'المسؤول غير موجود',
  superAdminProtected: 'لا يمكن تعديل أو حذف حساب مدير النظام',
  accountUpdated: 'تم تحديث البيانات بنجاح',
  adminAdded: 'تمت إضافة المسؤول بنجاح',
  adminEdited: 'تم تعديل بيانات المسؤول بنجاح',
  adminDeleted: 'تم حذف المسؤول بنجاح',
  adminPasswordReset: 'تمت إعادة تعيين كلمة مرور المسؤول بنجاح',
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
  studentNotRegistered: 'الرقم القومي غير مسجل، راجع شؤون الطلاب بكليتك',
  studentNotFound: 'بيانات الطالب غير موجودة، راجع شؤون الطلاب بكليتك',
  studentIdInvalid: 'رقم الطالب غير صحيح',
  studentSessionExpired: 'انتهت الجلسة، سجل الدخول مرة أخرى بالرقم القومي',
  quizAlreadyPassed: 'لقد اجتزت اختبار ميثاق الطالب بالفعل',
  quizPassed: 'تهانينا! لقد اجتزت اختبار ميثاق الطالب بنجاح',
  quizUnavailable: 'أسئلة الاختبار غير متاحة حاليا، حاول مرة أخرى بعد قليل',
  quizNotPassed: 'يجب اجتياز اختبار ميثاق الطالب أولا',
  additionalAlreadySubmitted: 'تم إرسال إجابات الأسئلة الإضافية من قبل',
  additionalSubmitted: 'تم حفظ إجاباتك بنجاح',
  tooManyAnswers: 'عدد الإجابات المرسلة أكبر من المسموح',
  answerTooLong: 'الإجابة أطول من المسموح',
  // Student screens (issue 3).
  fileDownloaded: 'تم تنزيل الملف بنجاح',
  checkingStudentStatus: 'جاري التحقق من حالة الطالب... يرجى الانتظار',
} as const;
export type MessageKey = keyof typeof MESSAGES;

/** Longest piece of a value sent by the client that is echoed back inside a message. */
const ECHO_MAX_CHARS = 64;

function echo(value: string): string {
  return value.length > ECHO_MAX_CHARS ? `${value.slice(0, ECHO_MAX_CHARS)}…` : value;
}

/** 'دقيقة واحدة', 'دقيقتين', '3 دقائق' … '10 دقائق', '11 دقيقة' …: Arabic counted-noun agreement. */
function arabicMinutes(minutes: number): string {
  if (minutes <= 1) return 'دقيقة واحدة';
  if (minutes === 2) return 'دقيقتين';
  return `${minutes} ${minutes <= 10 ? 'دقائق' : 'دقيقة'}`;
}

/** Arabic messages that name a question or an id. Ids come from the client, so they are shortened. */
export const MESSAGE_TEMPLATES = {
  invalidQuestion: (id: string): string => `سؤال غير صحيح: ${echo(id)}`,
  invalidAnswerFor: (question: string): string => `إجابة غير صحيحة للسؤال: "${question}"`,
  unknownQuestionType: (question: string): string => `نوع سؤال غير معروف للسؤال: "${question}"`,
  /** Staff sign-in locked after repeated failures; says in how many minutes to try again. */
  loginLocked: (minutes: number): string =>
    `تم إيقاف تسجيل الدخول مؤقتا بسبب تكرار المحاولات الخاطئة، حاول مرة أخرى بعد ${arabicMinutes(minutes)}`,
  quizFailed: (correct: number, total: number): string =>
    `إجاباتك الصحيحة ${correct} من ${total}، ويجب أن تكون جميع الإجابات صحيحة. أعد المحاولة بأسئلة جديدة`,
} as const;
