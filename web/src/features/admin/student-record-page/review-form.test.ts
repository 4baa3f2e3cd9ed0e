import { REVIEW_MESSAGES } from '@portal/common';
import type { ResolverOptions, ResolverResult } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  draftOf,
  firstError,
  isChanged,
  type ReviewDraft,
  type ReviewOutput,
  reviewResolver,
} from './review-form';
import { reviewedDocument } from './testing/record-fixtures';

const refused = reviewedDocument('birthCertificate', {
  state: 'rejected',
  reason: 'cropped',
  note: 'الختم مقصوص',
  reviewedBy: 'reviewer1',
});
const accepted = reviewedDocument('frontIdCard', { state: 'accepted', reviewedBy: 'reviewer1' });
const pending = reviewedDocument('nominationCard');
const documents = [refused, pending, accepted];

// The resolver answers at once; the cast drops the Promise that react-hook-form's type allows.
const resolve = (draft: ReviewDraft) =>
  reviewResolver(documents)(draft, undefined, {} as ResolverOptions<ReviewDraft>) as ResolverResult<
    ReviewDraft,
    ReviewOutput
  >;

describe('review form', () => {
  it('starts from the saved decisions, a pending document undecided', () => {
    expect(draftOf(documents).decisions).toEqual({
      birthCertificate: { decision: 'rejected', reason: 'cropped', note: 'الختم مقصوص' },
      nominationCard: { decision: '', reason: '', note: '' },
      frontIdCard: { decision: 'accepted', reason: '', note: '' },
    });
  });

  it('counts a decision as changed only when what would be saved differs', () => {
    expect(isChanged({ decision: 'rejected', reason: 'cropped', note: ' الختم مقصوص ' }, refused)).toBe(
      false,
    );
    expect(isChanged({ decision: 'rejected', reason: 'expired', note: 'الختم مقصوص' }, refused)).toBe(true);
    expect(isChanged({ decision: 'rejected', reason: 'cropped', note: '' }, refused)).toBe(true);
    // A reason left over from a refusal the reviewer took back does not count on an acceptance.
    expect(isChanged({ decision: 'accepted', reason: 'other', note: 'x' }, accepted)).toBe(false);
    expect(isChanged({ decision: '', reason: '', note: '' }, pending)).toBe(false);
  });

  it('sends the changed decisions in the form order, as the shared schema outputs them', () => {
    const draft = draftOf(documents);
    draft.decisions.nominationCard = { decision: 'accepted', reason: 'other', note: 'ignored' };
    draft.decisions.birthCertificate = { decision: 'rejected', reason: 'other', note: '  أعد التصوير  ' };
    expect(resolve(draft)).toEqual({
      values: {
        decisions: [
          { kind: 'birthCertificate', decision: 'rejected', reason: 'other', note: 'أعد التصوير' },
          { kind: 'nominationCard', decision: 'accepted', reason: null, note: null },
        ],
      },
      errors: {},
    });
  });

  it("puts the schema's messages on the document's own fields", () => {
    const draft = draftOf(documents);
    draft.decisions.nominationCard = { decision: 'rejected', reason: '', note: '' };
    draft.decisions.birthCertificate = { decision: 'rejected', reason: 'other', note: '' };
    const { errors } = resolve(draft);
    expect(errors.decisions?.birthCertificate?.note?.message).toBe(REVIEW_MESSAGES.refusalNoteRequired);
    expect(errors.decisions?.nominationCard?.reason?.message).toBe(REVIEW_MESSAGES.refusalReasonRequired);
    expect(firstError(errors, documents)).toEqual({ kind: 'birthCertificate', field: 'note' });
  });
});
