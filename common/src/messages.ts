/**
 * Arabic messages shown to people. One catalogue for client and server so that both say the same words for the
 * same rule.
 */
export const MESSAGES = {
  unexpected: 'حدث خطأ غير متوقع',
  networkError: 'خطأ في الاتصال بالخادم',
  databaseUnavailable: 'قاعدة البيانات غير متاحة حاليا، حاول مرة أخرى بعد قليل',
  serviceUnavailable: 'الخدمة غير متاحة حاليا، حاول مرة أخرى بعد قليل',
  serverBusy: 'الخادم مشغول الآن بسبب كثرة الطلبات، حاول مرة أخرى بعد قليل',
  notFoundRoute: 'المسار المطلوب غير موجود',
  invalidJson: 'صيغة البيانات المرسلة غير صحيحة',
  unsupportedMediaType: 'نوع المحتوى المرسل غير مدعوم',
  bodyTooLarge: 'حجم البيانات المرسلة أكبر من المسموح',
  invalidInput: 'البيانات المرسلة غير صحيحة',
  textUnstorable: 'النص المرسل يحتوي على رموز غير مسموح بها',
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
  // The lookup's proof-of-work (decision 18): the web app solves it without a word; a page without its script
  // (the prerendered form) shows this.
  lookupProofRequired:
    'يتلقى الموقع الآن محاولات دخول كثيرة، فيلزم الدخولَ تحققٌ تلقائي يجريه المتصفح ولم يصل تحقق صالح. انتظر حتى يكتمل تحميل الصفحة ثم اضغط «دخول» مرة أخرى',
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
  // Complete-data screen, forms download and appointment (issue 4, web side).
  studentDataUpdated: 'تم تحديث البيانات بنجاح',
  draftRestored: 'تمت استعادة البيانات التي كتبتها ولم ترسلها بعد',
  appointmentNotSet: 'لم يتم تحديد موعد الاختبار الشخصي بعد',
  // Complete-data form (issue: completeStudentData), in the order of spec section 5.
  studentNameEnRequired: 'يجب إدخال الاسم باللغة الإنجليزية',
  studentNameEnLatin: 'الاسم باللغة الإنجليزية يجب أن يكتب بحروف إنجليزية',
  cityRequired: 'يجب إدخال المدينة',
  brothersNumRequired: 'يجب إدخال عدد الإخوة',
  brothersMaleNumRequired: 'يجب إدخال عدد الإخوة الذكور',
  brothersFemaleNumRequired: 'يجب إدخال عدد الإخوة الإناث',
  brothersSumMismatch: 'مجموع عدد الإخوة الذكور والإناث يجب أن يساوي عدد الإخوة',
  brothersOrderRequired: 'يجب إدخال ترتيب الطالب بين إخوته',
  brothersOrderInvalid: 'ترتيب الطالب بين إخوته يجب أن يكون من 1 إلى عدد الإخوة مضافا إليه واحد',
  incomeRequired: 'يجب إدخال دخل الأسرة الشهري',
  motherNameRequired: 'يجب إدخال اسم الأم',
  motherNationalityRequired: 'يجب إدخال جنسية الأم',
  motherJobRequired: 'يجب إدخال وظيفة الأم',
  motherMobileRequired: 'يجب إدخال رقم موبايل الأم',
  fatherNationalityRequired: 'يجب إدخال جنسية الأب',
  fatherMobileRequired: 'يجب إدخال رقم موبايل الأب',
  homeTelRequired: 'يجب إدخال رقم التليفون الأرضي',
  homeTelInvalid: 'رقم التليفون الأرضي يجب أن يتكون من 6 إلى 15 رقما',
  addressRequired: 'يجب إدخال العنوان',
  emailRequired: 'يجب إدخال البريد الإلكتروني',
  emailInvalid: 'البريد الإلكتروني غير صحيح',
  program1Required: 'يجب اختيار البرنامج الأول',
  program2Required: 'يجب اختيار البرنامج الثاني',
  program3Required: 'يجب اختيار البرنامج الثالث',
  programRepeated: 'لا يمكن اختيار البرنامج نفسه أكثر من مرة',
  programNotOffered: 'البرنامج المختار غير متاح في هذه الكلية',
  qualificationRequired: 'يجب إدخال المؤهل',
  qualificationYearRequired: 'يجب إدخال سنتي الحصول على المؤهل',
  qualificationYearInvalid: 'سنة الحصول على المؤهل غير صحيحة، مثال: 2025/2026',
  totalGradeRequired: 'يجب إدخال المجموع الكلي',
  totalGradeZero: 'المجموع الكلي لا يمكن أن يكون صفرا',
  totalGradeInvalid: 'المجموع الكلي يجب أن يكون رقما موجبا بحد أقصى رقمين عشريين',
  percentageRequired: 'يجب إدخال النسبة المئوية',
  percentageZero: 'النسبة المئوية لا يمكن أن تكون صفرا',
  percentageInvalid: 'النسبة المئوية يجب أن تكون رقما أكبر من 0 ولا يزيد عن 100',
  masterNameRequired: 'يجب إدخال اسم ولي الأمر',
  masterJobRequired: 'يجب إدخال وظيفة ولي الأمر',
  masterQualificationRequired: 'يجب إدخال مؤهل ولي الأمر',
  fatherNameRequired: 'يجب إدخال اسم الأب',
  fatherJobRequired: 'يجب إدخال وظيفة الأب',
  fatherQualificationRequired: 'يجب إدخال مؤهل الأب',
  imageNotImage: 'يجب أن يكون الملف صورة (png أو jpeg) وليس ملفا آخر',
  imageTooLarge: 'حجم الصورة يجب ألا يزيد عن 2 ميجابايت',
  imageCorrupt: 'الصورة تالفة أو غير مكتملة، اختر الصورة مرة أخرى',
  imageTooManyPixels: 'أبعاد الصورة أكبر من المسموح، صغر الصورة ثم أعد رفعها',
  photoKindUnknown: 'نوع الصورة المرسلة غير معروف',
  photoKindRepeated: 'تم إرسال أكثر من صورة من النوع نفسه',
  photosTooMany: 'لا يمكن إرسال أكثر من ست صور',
  photoFieldUnknown: 'يجب إرسال الصور في الحقل photos',
  multipartRequired: 'يجب إرسال البيانات والصور في صورة نموذج (multipart/form-data)',
  formTooLarge: 'عدد الحقول المرسلة أو حجمها أكبر من المسموح',
  fieldRepeated: 'تم إرسال أحد الحقول أكثر من مرة',
  completeDataSaved: 'تم حفظ البيانات بنجاح',
  storageUnavailable: 'تعذر حفظ الصور حاليا، حاول مرة أخرى بعد قليل',
  photoNotFound: 'الصورة غير موجودة',
  // Staff student records (issue: staff student records).
  studentSearchRequired: 'يجب إدخال الاسم أو الرقم القومي',
  studentSearchTypeRequired: 'يجب اختيار نوع البحث',
  studentSearchTooLong: 'نص البحث أطول من المسموح',
  noStudentData: 'لا توجد بيانات طلاب',
  studentRecordNotFound: 'الطالب غير موجود',
  studentDeleted: 'تم حذف الطالب بنجاح',
  pageInvalid: 'رقم الصفحة غير صحيح',
  pageSizeInvalid: 'عدد الطلاب في الصفحة غير صحيح',
  // Student lists upload and staff downloads (staff student records: imports and exports).
  excelFileOnly: 'يجب أن يكون الملف من نوع Excel فقط (xlsx أو xls)',
  uploadFileRequired: 'يجب اختيار الملف',
  uploadStatusInvalid: 'يجب اختيار حالة القيد: منتظم أو منتسب أو بدون',
  uploadFileTooLarge: 'حجم الملف أكبر من المسموح (30 ميجابايت)',
  uploadFileUnreadable: 'تعذرت قراءة الملف: الملف تالف أو غير مكتمل، افتحه في Excel واحفظه مرة أخرى',
  uploadFileExpandsTooMuch:
    'محتوى الملف بعد فك الضغط أكبر من المسموح (200 ميجابايت)، قسم الملف إلى ملفات أصغر',
  uploadTimedOut: 'استغرقت قراءة الملف وقتا أطول من المسموح (60 ثانية)، قسم الملف إلى ملفات أصغر',
  uploadNoHeader: 'لم يتم العثور على صف العناوين: يجب أن يحتوي أول صف على عمودي الاسم والرقم القومي',
  uploadNoRows: 'الملف لا يحتوي على بيانات طلاب تحت صف العناوين',
  uploadBusy: 'جاري استيراد ملفات أخرى الآن، حاول مرة أخرى بعد قليل',
  uploadFieldsInvalid: 'يجب إرسال الكلية وحالة القيد والملف في صورة نموذج (multipart/form-data)',
  downloadTypeInvalid: 'نوع التنزيل غير صحيح',
  downloadLinkInvalid: 'رابط التنزيل غير صالح',
  downloadLinkExpired: 'انتهت صلاحية رابط التنزيل، اطلب التنزيل مرة أخرى',
  // Interview scheduling (issue: scheduling; spec section 5, 'Scheduling').
  numOfStudentsRequired: 'يجب إدخال عدد الطلاب',
  numOfStudentsInvalid: 'عدد الطلاب يجب أن يكون رقما صحيحا من 1 إلى 2000',
  scheduleDateRequired: 'يجب اختيار التاريخ',
  scheduleDateInvalid: 'التاريخ غير صحيح',
  scheduleDateInPast: 'لا يمكن تحديد مواعيد في يوم مضى، اختر اليوم أو يوما قادما',
  schedulePeriodRequired: 'يجب اختيار الفترة',
  schedulePeriodInvalid: 'الفترة يجب أن تكون الصباحية (9:00) أو المسائية (12:00)',
  noStudentsWaiting: 'لا يوجد طلاب في انتظار تحديد موعد الاختبار الشخصي',
  noStudentsScheduledDay: 'لا يوجد طلاب مجدولين في هذا اليوم',
  printLinkInvalid: 'رابط طباعة الكشف غير صالح، اطبع الكشف من صفحة الجدولة مرة أخرى',
  printLinkExpired: 'انتهت صلاحية رابط طباعة الكشف، اطبع الكشف من صفحة الجدولة مرة أخرى',
  printLinkOtherDay: 'رابط الطباعة هذا خاص بيوم أو فترة أخرى، اطبع الكشف المطلوب من صفحة الجدولة',
  // Admission forms (issue 4, forms part).
  formsNeedCompleteData: 'يجب استكمال البيانات أولا، ثم تنزيل الاستمارات',
  formSocialWorkOnly: 'هذه الاستمارة خاصة بطلاب كلية الخدمة الاجتماعية',
  formKindInvalid: 'نوع الاستمارة غير صحيح',
  formUnavailable: 'تعذر إنشاء الاستمارة حاليا، حاول مرة أخرى بعد قليل',
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

/** 'ثانية واحدة', 'ثانيتين', '3 ثوان' … '10 ثوان', '11 ثانية' …: Arabic counted-noun agreement. */
function arabicSeconds(seconds: number): string {
  if (seconds <= 1) return 'ثانية واحدة';
  if (seconds === 2) return 'ثانيتين';
  return `${seconds} ${seconds <= 10 ? 'ثوان' : 'ثانية'}`;
}

/** 'طالب واحد', 'طالبين', '3 طلاب' … '10 طلاب', '11 طالبا' … '99 طالبا', '100 طالب': Arabic counted-noun agreement. */
function arabicStudents(count: number): string {
  if (count === 1) return 'طالب واحد';
  if (count === 2) return 'طالبين';
  const lastTwo = count % 100;
  if (lastTwo >= 3 && lastTwo <= 10) return `${count} طلاب`;
  if (lastTwo >= 11) return `${count} طالبا`;
  return `${count} طالب`;
}

/** Arabic messages that name a question or an id. Ids come from the client, so they are shortened. */
export const MESSAGE_TEMPLATES = {
  invalidQuestion: (id: string): string => `سؤال غير صحيح: ${echo(id)}`,
  invalidAnswerFor: (question: string): string => `إجابة غير صحيحة للسؤال: "${question}"`,
  unknownQuestionType: (question: string): string => `نوع سؤال غير معروف للسؤال: "${question}"`,
  /** Staff sign-in locked after repeated failures; says in how many minutes to try again. */
  loginLocked: (minutes: number): string =>
    `تم إيقاف تسجيل الدخول مؤقتا بسبب تكرار المحاولات الخاطئة، حاول مرة أخرى بعد ${arabicMinutes(minutes)}`,
  /** Staff sign-in slowed after repeated failures on the account from other addresses; says in how many seconds. */
  loginSlowed: (seconds: number): string =>
    `تكررت المحاولات الخاطئة على هذا الحساب، حاول مرة أخرى بعد ${arabicSeconds(seconds)}`,
  quizFailed: (correct: number, total: number): string =>
    `إجاباتك الصحيحة ${correct} من ${total}، ويجب أن تكون جميع الإجابات صحيحة. أعد المحاولة بأسئلة جديدة`,
  /** A complete-data field longer than its limit; names the field by its Arabic label. */
  fieldTooLong: (label: string): string => `${label} أطول من المسموح`,
  /** A sibling count or income that is not a whole number in range; names the field by its Arabic label. */
  wholeNumberInvalid: (label: string): string => `${label} يجب أن يكون رقما صحيحا`,
  /** A parent's mobile number of the wrong shape; names the field by its Arabic label. */
  mobileInvalid: (label: string): string => `${label} يجب أن يتكون من 8 إلى 15 رقما`,
  /** A missing document image (spec section 5, rule 8); names the image by its Arabic label. */
  imageRequired: (label: string): string => `يجب رفع ${label}`,
  /** Delete faculty data (spec section 8: 'deleted data of N students successfully'). */
  facultyDataDeleted: (count: number): string => `تم حذف بيانات ${arabicStudents(count)} بنجاح`,
  /** The delete-faculty-data confirmation: how many students of which faculty go, before anything is removed. */
  facultyDataDeleteConfirm: (count: number, faculty: string): string =>
    `سيتم حذف بيانات ${arabicStudents(count)} من ${faculty} نهائيا مع صورهم وإجاباتهم. هل تريد المتابعة؟`,
  /** Counts of an upload (product decisions: the answer's message gives added, updated, rejected). */
  uploadDone: (added: number, updated: number, rejected: number): string =>
    `تم استيراد الملف. عدد الطلاب المضافين: ${added}، عدد الطلاب المحدثين: ${updated}، عدد الصفوف المرفوضة: ${rejected}`,
  /** A list longer than the row limit, refused whole. */
  uploadTooManyRows: (limit: number): string =>
    `عدد صفوف الملف أكبر من الحد المسموح (${limit} صف)، قسمه إلى ملفات أصغر`,
  /** A weekend day chosen for interviews; names the day. */
  scheduleWeekend: (dayName: string): string => `يوم ${dayName} عطلة، اختر يوما آخر`,
  /** Print refused: the day has students, but none in the chosen period (e.g. 'الفترة الصباحية (9:00)'). */
  noStudentsScheduledPeriod: (periodLabel: string): string =>
    `لا يوجد طلاب مجدولين في ${periodLabel} من هذا اليوم`,
  /** Scheduling done; `day` as shown (dd/MM/yyyy), `periodLabel` as above. */
  studentsAppointed: (count: number, day: string, periodLabel: string): string =>
    `تمت جدولة ${arabicStudents(count)} يوم ${day} في ${periodLabel}`,
  /** A slot's capacity edited below the students already booked in it (issue 18). */
  slotCapacityBelowBooked: (booked: number): string =>
    `لا يمكن أن يقل عدد الطلاب في الموعد عن عدد الطلاب المحجوزين فيه (${booked})`,
  /** A score of the personal-test form out of its range or not whole; names the criterion and its maximum. */
  interviewScoreInvalid: (label: string, max: number): string =>
    `درجة ${label} يجب أن تكون رقما صحيحا من 0 إلى ${max}`,
  /** A score sent for a criterion the personal-test form does not have; the key comes from the client. */
  interviewCriterionUnknown: (key: string): string => `عنصر تقييم غير معروف: ${echo(key)}`,
  /** Fewer students were waiting than asked for: those there were are scheduled, and the message says so. */
  studentsAppointedFewer: (count: number, requested: number, day: string, periodLabel: string): string =>
    `عدد الطلاب المنتظرين أقل من العدد المطلوب (${requested}): تمت جدولة ${arabicStudents(count)} فقط يوم ${day} في ${periodLabel}`,
} as const;
