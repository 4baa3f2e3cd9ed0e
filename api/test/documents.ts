import { createHash } from 'node:crypto';
import { IMAGE_KINDS, type ImageKind, type RefusalReason } from '@portal/common';
import { and, eq, sql } from 'drizzle-orm';
import type { App } from '../src/app.js';
import { refreshDocumentsStatus } from '../src/db/documents-status.js';
import type { Database } from '../src/db/pool.js';
import { studentImages, students } from '../src/db/schema/index.js';
import { imageStorageKey } from '../src/modules/complete-data/image-keys.js';
import type { ObjectStorage } from '../src/storage/storage.js';
import { insertStudent, type StudentOverrides } from './builders.js';
import { COMPLETE_DATA_FIELDS } from './complete-data-fields.js';
import { tinyJpeg, tinyPng } from './images.js';

/**
 * The students' six document images and their review, as the API tests need them: rows only (for the screens,
 * lists and forms that read the review, not the bytes) or rows with real files in the app's storage (for the
 * record page, the image route and the review save, which open them).
 */

/** A staff decision on one document, as the review save stores it: a refusal always has its reason. */
export type DocumentReview =
  | { state: 'pending' }
  | { state: 'accepted' }
  | { state: 'rejected'; reason: RefusalReason; note?: string | null };

export interface DocumentsOptions {
  /** Each stored kind's review; a kind left out awaits review. */
  reviews?: Partial<Record<ImageKind, DocumentReview>>;
  /** Which kinds have a document at all (default all six): a kind left out was never stored. */
  kinds?: readonly ImageKind[];
  /**
   * Where to put the image files. Without it only the rows are written, and their keys name no file: enough for
   * whatever reads the review, wrong for whatever opens an image.
   */
  storage?: ObjectStorage;
}

export interface StoredDocument {
  key: string;
  contentType: 'image/png' | 'image/jpeg';
  bytes: Buffer;
}

/** The user name a decision made by a builder is signed with (a review save writes the real reviewer's). */
export const BUILDER_REVIEWER = 'reviewer';

function reviewColumns(review: DocumentReview) {
  return {
    reviewStatus: review.state,
    reviewReason: review.state === 'rejected' ? review.reason : null,
    reviewNote: review.state === 'rejected' ? (review.note ?? null) : null,
    reviewedAt: review.state === 'pending' ? null : new Date(),
    reviewedByUserName: review.state === 'pending' ? null : BUILDER_REVIEWER,
  };
}

/** Each document differs in bytes from every other, so an image answered is known to be this one. */
let shade = 0;
function documentBytes(kind: ImageKind): Pick<StoredDocument, 'contentType' | 'bytes'> {
  shade = (shade + 1) % 256;
  // One JPEG among the PNGs, as phones send: the image route must answer each with its own type.
  return kind === 'personalPhoto'
    ? { contentType: 'image/jpeg', bytes: tinyJpeg(`${kind}-${shade}`) }
    : { contentType: 'image/png', bytes: tinyPng([IMAGE_KINDS.indexOf(kind) * 40, shade, 77]) };
}

/**
 * Records documents for an existing student straight in the database (and their files in `storage` when
 * given), as a completed submit leaves them: the student complete (its completion time kept if it has one),
 * each document in the review state asked for, and the documents status kept as the portal keeps it. The
 * review version stays as it was, so the first review save of a test is based on version 0.
 */
export async function insertDocuments(
  db: Database,
  studentId: string,
  { reviews = {}, kinds = IMAGE_KINDS, storage }: DocumentsOptions = {},
): Promise<Map<ImageKind, StoredDocument>> {
  const documents = new Map<ImageKind, StoredDocument>();
  for (const kind of kinds) {
    const { contentType, bytes } = documentBytes(kind);
    const key = imageStorageKey(studentId, kind, contentType);
    // Files first, as the upload does: a row never names a file that is not there.
    await storage?.put(key, bytes);
    documents.set(kind, { key, contentType, bytes });
  }
  await db.transaction(async (tx) => {
    await tx
      .update(students)
      .set({ isComplete: true, completedAt: sql`coalesce(${students.completedAt}, now())` })
      .where(eq(students.id, studentId));
    if (documents.size > 0)
      await tx.insert(studentImages).values(
        [...documents].map(([kind, { key, contentType, bytes }]) => ({
          studentId,
          kind,
          storageKey: key,
          contentType,
          sizeBytes: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          ...reviewColumns(reviews[kind] ?? { state: 'pending' }),
        })),
      );
    await refreshDocumentsStatus(tx, studentId, { bumpVersion: false });
  });
  return documents;
}

/**
 * A new student whose data is complete (every field of the complete-data form filled), with its documents
 * written by `insertDocuments` and their files in the app's storage.
 */
export async function insertReviewableStudent(
  app: App,
  overrides: StudentOverrides = {},
  options: Omit<DocumentsOptions, 'storage'> = {},
) {
  const student = await insertStudent(app.db, {
    ...COMPLETE_DATA_FIELDS,
    isComplete: true,
    completedAt: new Date(),
    ...overrides,
  });
  const documents = await insertDocuments(app.db, student.id, { ...options, storage: app.storage });
  return { ...student, documents };
}
export type ReviewableStudent = Awaited<ReturnType<typeof insertReviewableStudent>>;

/**
 * Sets the review of some of the student's stored documents, as a review save would: the documents status kept
 * and the review version moved on.
 */
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

/** Every kind in the same review state (a refusal names its reason), to spread and then override. */
export function allDocuments(review: DocumentReview): Record<ImageKind, DocumentReview> {
  return Object.fromEntries(IMAGE_KINDS.map((kind) => [kind, review])) as Record<ImageKind, DocumentReview>;
}
