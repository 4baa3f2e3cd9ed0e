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
} as const;
export type MessageKey = keyof typeof MESSAGES;
