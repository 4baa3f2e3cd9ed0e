/**
 * Arabic messages of the documents review (issue 16): apart from MESSAGES, so that only the screens and calls of
 * the review carry them, not the login screen's first download.
 */
export const REVIEW_MESSAGES = {
  documentsStatusInvalid: 'حالة المستندات المختارة غير صحيحة',
  reviewNoteInvalid: 'الملاحظة يجب أن تكون نصا',
  reviewNoteTooLong: 'الملاحظة يجب ألا تزيد عن 500 حرف',
  reviewDecisionInvalid: 'القرار يجب أن يكون قبول المستند أو رفضه',
  refusalReasonInvalid: 'سبب الرفض غير صحيح',
  refusalReasonRequired: 'يجب اختيار سبب رفض المستند',
  refusalNoteRequired: 'يجب كتابة ملاحظة توضح سبب الرفض عند اختيار "سبب آخر"',
  reviewVersionInvalid: 'رقم نسخة السجل غير صحيح',
  reviewDecisionsRequired: 'يجب إرسال قرار لمستند واحد على الأقل وستة مستندات على الأكثر',
  reviewKindRepeated: 'لا يجوز إرسال أكثر من قرار للمستند نفسه',
  reviewSaved: 'تم حفظ مراجعة المستندات بنجاح',
  reviewStale:
    'قام مراجع آخر بتعديل مستندات هذا الطالب أو رفع الطالب مستندا جديدا بعد فتحك للصفحة، راجع القرارات الأحدث ثم احفظ مرة أخرى',
  reviewNotComplete: 'لا يمكن مراجعة مستندات طالب لم يستكمل بياناته',
  reviewDocumentMissing: 'لا يوجد مستند مرفوع من هذا النوع لهذا الطالب',
  studentOutsideScope: 'هذا الطالب خارج نطاق صلاحياتك',
  documentsReplaced: 'تم رفع المستندات البديلة بنجاح، وستتم مراجعتها',
  replaceNothingSent: 'يجب اختيار صورة واحدة على الأقل من المستندات المرفوضة',
  replaceNotRefused: 'لا يمكن استبدال مستند غير مرفوض، يمكنك فقط رفع المستندات التي رفضتها الكلية',
  replaceNotComplete: 'يجب استكمال البيانات أولا قبل استبدال المستندات',
  replaceFieldsRefused: 'عند استبدال المستندات ترسل صور المستندات المرفوضة فقط دون أي بيانات أخرى',
} as const;
