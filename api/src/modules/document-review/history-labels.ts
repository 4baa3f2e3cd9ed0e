import { IMAGE_KIND_LABELS, isImageKind } from '@portal/common';

/** Audit actions this module writes on a student (target type 'student'). */
export const REVIEW_AUDIT_ACTIONS = {
  view: 'student.view',
  documentView: 'student.document_view',
  review: 'student.review',
} as const;

/**
 * How a student's history names each audit action, in Arabic. Keyed by the stable action codes every module
 * writes with target type 'student'; an action a later feature adds without a label here still shows, under
 * the generic label, and its code stays in the row.
 */
const ACTION_LABELS: Record<string, string> = {
  [REVIEW_AUDIT_ACTIONS.view]: 'فتح سجل الطالب',
  [REVIEW_AUDIT_ACTIONS.documentView]: 'عرض مستند',
  [REVIEW_AUDIT_ACTIONS.review]: 'مراجعة المستندات',
  'forms.download': 'تنزيل استمارة الطالب',
  'student.delete': 'حذف الطالب',
  // Written by the student's replacement of refused documents (complete-data), with details {kinds}.
  'student.replace_documents': 'استبدال الطالب للمستندات المرفوضة',
  // Interviews (issue 18): the student's own booking, and the committee's outcome.
  'interviews.book': 'حجز الطالب موعد الاختبار الشخصي',
  'interviews.move': 'تغيير الطالب موعد الاختبار الشخصي',
  'interviews.cancel': 'إلغاء الطالب حجز موعد الاختبار الشخصي',
  'interviews.outcome': 'تسجيل نتيجة الاختبار الشخصي',
};
const UNKNOWN_ACTION_LABEL = 'إجراء على سجل الطالب';

function decisionCounts(
  details: Record<string, unknown> | null,
): { accepted: number; rejected: number } | null {
  const decisions = details?.decisions;
  if (!Array.isArray(decisions)) return null;
  let accepted = 0;
  let rejected = 0;
  for (const entry of decisions) {
    const decision = (entry as { decision?: unknown } | null)?.decision;
    if (decision === 'accepted') accepted += 1;
    else if (decision === 'rejected') rejected += 1;
  }
  return { accepted, rejected };
}

/** The Arabic line of one history row: the action, and for a document or a review what it was about. */
export function historyLabel(action: string, details: Record<string, unknown> | null): string {
  const label = ACTION_LABELS[action] ?? UNKNOWN_ACTION_LABEL;
  if (action === REVIEW_AUDIT_ACTIONS.documentView && isImageKind(details?.kind))
    return `${label}: ${IMAGE_KIND_LABELS[details.kind]}`;
  if (action === 'student.replace_documents' && Array.isArray(details?.kinds)) {
    const kinds = details.kinds.filter(isImageKind).map((kind) => IMAGE_KIND_LABELS[kind]);
    if (kinds.length > 0) return `${label}: ${kinds.join('، ')}`;
  }
  if (action === REVIEW_AUDIT_ACTIONS.review) {
    const counts = decisionCounts(details);
    if (counts) return `${label}: قبول ${counts.accepted}، رفض ${counts.rejected}`;
  }
  return label;
}
