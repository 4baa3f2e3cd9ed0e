import { createHash } from 'node:crypto';
import { IMAGE_KINDS, type ImageKind, type RefusalReason } from '@portal/common';
import { and, eq } from 'drizzle-orm';
import { refreshDocumentsStatus } from '../src/db/documents-status.js';
import type { Database } from '../src/db/pool.js';
import { studentImages, students } from '../src/db/schema.js';

/** A staff decision on one document, as the review save would store it. */
export type DocumentReview =
  | { state: 'pending' }
  | { state: 'accepted' }
  | { state: 'rejected'; reason: RefusalReason; note?: string | null };

function reviewColumns(review: DocumentReview) {
  return {
    reviewStatus: review.state,
    reviewReason: review.state === 'rejected' ? review.reason : null,
    reviewNote: review.state === 'rejected' ? (review.note ?? null) : null,
    reviewedAt: review.state === 'pending' ? null : new Date(),
    reviewedByUserName: review.state === 'pending' ? null : 'reviewer',
  };
}

/**
 * Records the student's six documents straight in the database (rows only, no files: for the screens and lists
 * that read the review, not the bytes), each pending unless `reviews` says otherwise, marks the student complete
 * and keeps its documents status as the portal would.
 */
export async function insertReviewedDocuments(
  db: Database,
  studentId: string,
  reviews: Partial<Record<ImageKind, DocumentReview>> = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(students)
      .set({ isComplete: true, completedAt: new Date() })
      .where(eq(students.id, studentId));
    await tx.insert(studentImages).values(
      IMAGE_KINDS.map((kind) => {
        const review = reviews[kind] ?? { state: 'pending' };
        return {
          studentId,
          kind,
          storageKey: `students/${studentId}/${kind}-fixture.png`,
          contentType: 'image/png',
          sizeBytes: 100,
          sha256: createHash('sha256').update(`${studentId}/${kind}`).digest('hex'),
          ...reviewColumns(review),
        };
      }),
    );
    await refreshDocumentsStatus(tx, studentId, { bumpVersion: true });
  });
}

/** Sets the review of some of the student's stored documents (as a review save would), keeping the status. */
export async function setDocumentReviews(
  db: Database,
  studentId: string,
  reviews: Partial<Record<ImageKind, DocumentReview>>,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [kind, review] of Object.entries(reviews) as [ImageKind, DocumentReview][]) {
      await tx
        .update(studentImages)
        .set(reviewColumns(review))
        .where(and(eq(studentImages.studentId, studentId), eq(studentImages.kind, kind)));
    }
    await refreshDocumentsStatus(tx, studentId, { bumpVersion: true });
  });
}
