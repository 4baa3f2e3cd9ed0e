import { describe, expect, it } from 'vitest';
import { studentLookup } from '@/testing/mock-api';
import { reviewedStudent } from '../testing/student-fixtures';
import { afterReplacement, replaceDocumentsPath } from './replace-documents';

const student = (flags: ReturnType<typeof reviewedStudent>) => studentLookup(flags).studentData;

describe('afterReplacement', () => {
  it('puts the replaced documents back to awaiting review, without their reason and note', () => {
    const before = student(
      reviewedStudent({ frontIdCard: { note: 'غير واضحة' }, personalPhoto: {} }, 'accepted'),
    );
    const after = afterReplacement(before, ['frontIdCard', 'personalPhoto']);
    expect(after.documents.find((document) => document.kind === 'frontIdCard')).toEqual({
      kind: 'frontIdCard',
      state: 'pending',
      reason: null,
      note: null,
    });
    expect(after.documents.filter((document) => document.state === 'accepted')).toHaveLength(4);
    expect(after.documentsStatus).toBe('pending');
  });

  it('keeps the student needing to re-upload while a refused document was not replaced', () => {
    const before = student(reviewedStudent({ frontIdCard: {}, personalPhoto: {} }));
    const after = afterReplacement(before, ['frontIdCard']);
    expect(after.documents.find((document) => document.kind === 'personalPhoto')?.state).toBe('rejected');
    expect(after.documentsStatus).toBe('needsReupload');
  });
});

describe('replaceDocumentsPath', () => {
  it("is the student's replaceDocuments call", () => {
    expect(replaceDocumentsPath('b3c1f6de-3a6f-4f0e-9d7e-2f1f1f0c9a10')).toBe(
      '/api/v1/students/replaceDocuments/b3c1f6de-3a6f-4f0e-9d7e-2f1f1f0c9a10',
    );
  });
});
