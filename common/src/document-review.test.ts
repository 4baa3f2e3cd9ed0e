import { describe, expect, it } from 'vitest';
import { reviewRequestSchema } from './document-review.js';
import { REVIEW_MESSAGES } from './document-review-messages.js';
import { documentsStatusOf, isDocumentsStatus } from './documents-status.js';
import { MESSAGES } from './messages.js';
import { getAllStudentsRequestSchema } from './student-records.js';

const firstMessage = (input: unknown) => reviewRequestSchema.safeParse(input).error?.issues[0]?.message;

describe('documents status of a student', () => {
  const six = (state: 'pending' | 'accepted' | 'rejected') => Array.from({ length: 6 }, () => state);

  it('is none before the data is complete, whatever is stored', () => {
    expect(documentsStatusOf(false, six('accepted'))).toBe('none');
    expect(documentsStatusOf(false, [])).toBe('none');
  });

  it('asks the student to act while any document is refused, even with others awaiting review', () => {
    expect(documentsStatusOf(true, ['rejected', ...six('accepted').slice(1)])).toBe('needsReupload');
    expect(documentsStatusOf(true, ['rejected', 'pending', ...six('accepted').slice(2)])).toBe(
      'needsReupload',
    );
  });

  it('awaits review while any is pending or fewer than six are stored, and is accepted only with all six', () => {
    expect(documentsStatusOf(true, six('pending'))).toBe('pending');
    expect(documentsStatusOf(true, ['pending', ...six('accepted').slice(1)])).toBe('pending');
    expect(documentsStatusOf(true, six('accepted').slice(1))).toBe('pending');
    expect(documentsStatusOf(true, six('accepted'))).toBe('accepted');
  });

  it('knows its own values only', () => {
    expect(isDocumentsStatus('needsReupload')).toBe(true);
    expect(isDocumentsStatus('rejected')).toBe(false);
    expect(isDocumentsStatus(1)).toBe(false);
  });
});

describe('review request', () => {
  it('drops the reason and note of an accepted document and trims a refusal note', () => {
    expect(
      reviewRequestSchema.parse({
        version: 3,
        decisions: [
          { kind: 'frontIdCard', decision: 'accepted', reason: 'cropped', note: 'x' },
          { kind: 'personalPhoto', decision: 'rejected', reason: 'other', note: '  خلفية غير بيضاء ' },
        ],
      }),
    ).toEqual({
      version: 3,
      decisions: [
        { kind: 'frontIdCard', decision: 'accepted', reason: null, note: null },
        { kind: 'personalPhoto', decision: 'rejected', reason: 'other', note: 'خلفية غير بيضاء' },
      ],
    });
  });

  it('refuses a refusal without a reason, and "other" without a note', () => {
    expect(firstMessage({ version: 0, decisions: [{ kind: 'frontIdCard', decision: 'rejected' }] })).toBe(
      REVIEW_MESSAGES.refusalReasonRequired,
    );
    expect(
      firstMessage({
        version: 0,
        decisions: [{ kind: 'frontIdCard', decision: 'rejected', reason: 'other', note: '   ' }],
      }),
    ).toBe(REVIEW_MESSAGES.refusalNoteRequired);
  });

  it('refuses unknown kinds, decisions and reasons, long notes, repeats and empty or oversized lists', () => {
    const one = { kind: 'frontIdCard', decision: 'accepted' };
    expect(firstMessage({ version: 0, decisions: [{ ...one, kind: 'passport' }] })).toBe(
      MESSAGES.photoKindUnknown,
    );
    expect(firstMessage({ version: 0, decisions: [{ ...one, decision: 'maybe' }] })).toBe(
      REVIEW_MESSAGES.reviewDecisionInvalid,
    );
    expect(firstMessage({ version: 0, decisions: [{ ...one, decision: 'rejected', reason: 'ugly' }] })).toBe(
      REVIEW_MESSAGES.refusalReasonInvalid,
    );
    expect(
      firstMessage({
        version: 0,
        decisions: [{ ...one, decision: 'rejected', reason: 'other', note: 'ن'.repeat(501) }],
      }),
    ).toBe(REVIEW_MESSAGES.reviewNoteTooLong);
    expect(firstMessage({ version: 0, decisions: [one, one] })).toBe(REVIEW_MESSAGES.reviewKindRepeated);
    expect(firstMessage({ version: 0, decisions: [] })).toBe(REVIEW_MESSAGES.reviewDecisionsRequired);
    expect(firstMessage({ version: 0, decisions: Array.from({ length: 7 }, () => one) })).toBe(
      REVIEW_MESSAGES.reviewDecisionsRequired,
    );
    expect(firstMessage({ version: '1', decisions: [one] })).toBe(REVIEW_MESSAGES.reviewVersionInvalid);
    expect(firstMessage({ version: 1.5, decisions: [one] })).toBeDefined();
  });

  it('keeps markup in a note as the text it is', () => {
    const note = '<script>alert(1)</script> #set page(fill: red)';
    const parsed = reviewRequestSchema.parse({
      version: 0,
      decisions: [{ kind: 'birthCertificate', decision: 'rejected', reason: 'other', note }],
    });
    expect(parsed.decisions[0]?.note).toBe(note);
  });
});

describe('documents status filter of the student list', () => {
  it('is optional and refuses unknown values with an Arabic message', () => {
    expect(getAllStudentsRequestSchema.parse({ faculty: 'ك', documentsStatus: 'pending' })).toMatchObject({
      documentsStatus: 'pending',
    });
    expect(
      getAllStudentsRequestSchema.safeParse({ faculty: 'ك', documentsStatus: 'lost' }).error?.issues[0]
        ?.message,
    ).toBe(REVIEW_MESSAGES.documentsStatusInvalid);
  });
});

describe('review messages', () => {
  it('are Arabic sentences, none saying what a general message already says', () => {
    const general = new Set<string>(Object.values(MESSAGES));
    for (const [key, message] of Object.entries(REVIEW_MESSAGES)) {
      expect(message, key).toMatch(/^[\u0621-\u064a]/);
      expect(general.has(message), key).toBe(false);
    }
  });
});
