import { IMAGE_KIND_LABELS } from '@portal/common';
import { describe, expect, it } from 'vitest';
import { historyLabel } from './history-labels.js';

describe('historyLabel', () => {
  it('names a record view and a download in Arabic', () => {
    expect(historyLabel('student.view', null)).toBe('فتح سجل الطالب');
    expect(historyLabel('forms.download', { form: 'admission', via: 'staff' })).toBe('تنزيل استمارة الطالب');
  });

  it('names the document that was viewed, and only a real kind', () => {
    expect(historyLabel('student.document_view', { kind: 'birthCertificate' })).toBe(
      `عرض مستند: ${IMAGE_KIND_LABELS.birthCertificate}`,
    );
    expect(historyLabel('student.document_view', { kind: '<script>' })).toBe('عرض مستند');
    expect(historyLabel('student.document_view', null)).toBe('عرض مستند');
  });

  it('counts the decisions of a review', () => {
    const details = {
      decisions: [
        { kind: 'frontIdCard', decision: 'accepted', reason: null },
        { kind: 'backIdCard', decision: 'rejected', reason: 'cropped' },
        { kind: 'personalPhoto', decision: 'rejected', reason: 'unreadable' },
      ],
    };
    expect(historyLabel('student.review', details)).toBe('مراجعة المستندات: قبول 1، رفض 2');
    expect(historyLabel('student.review', { decisions: 'broken' })).toBe('مراجعة المستندات');
  });

  it('names the documents a student replaced', () => {
    expect(historyLabel('student.replace_documents', { kinds: ['frontIdCard', 'personalPhoto', 'x'] })).toBe(
      `استبدال الطالب للمستندات المرفوضة: ${IMAGE_KIND_LABELS.frontIdCard}، ${IMAGE_KIND_LABELS.personalPhoto}`,
    );
    expect(historyLabel('student.replace_documents', null)).toBe('استبدال الطالب للمستندات المرفوضة');
  });

  it("names the student's interview booking and the committee's outcome (issue 18)", () => {
    expect(historyLabel('interviews.book', { slotId: 'x' })).toBe('حجز الطالب موعد الاختبار الشخصي');
    expect(historyLabel('interviews.move', null)).toBe('تغيير الطالب موعد الاختبار الشخصي');
    expect(historyLabel('interviews.cancel', null)).toBe('إلغاء الطالب حجز موعد الاختبار الشخصي');
    expect(historyLabel('interviews.outcome', { before: null })).toBe('تسجيل نتيجة الاختبار الشخصي');
  });

  it('gives an action without a label the generic one rather than dropping it', () => {
    expect(historyLabel('student.something_new', { any: 1 })).toBe('إجراء على سجل الطالب');
  });
});
