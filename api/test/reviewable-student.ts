import { createHash } from 'node:crypto';
import { type DocumentState, IMAGE_KINDS, type ImageKind, type RefusalReason } from '@portal/common';
import type { App } from '../src/app.js';
import { refreshDocumentsStatus } from '../src/db/documents-status.js';
import { studentImages } from '../src/db/schema.js';
import { imageStorageKey } from '../src/modules/complete-data/image-keys.js';
import { insertStudent, type StudentOverrides } from './builders.js';
import { COMPLETE_DATA_FIELDS } from './complete-data-fields.js';
import { tinyJpeg, tinyPng } from './images.js';

export interface ReviewableOptions {
  /** The state of each stored document (default: all six pending); a kind left out has no image. */
  states?: Partial<Record<ImageKind, DocumentState>>;
}

export interface StoredDocument {
  key: string;
  contentType: 'image/png' | 'image/jpeg';
  bytes: Buffer;
}

const ALL_PENDING = Object.fromEntries(IMAGE_KINDS.map((kind) => [kind, 'pending'])) as Record<
  ImageKind,
  DocumentState
>;

/** Each student's images differ in bytes, so an answer is known to be this student's and this kind's. */
let shade = 0;
function documentBytes(kind: ImageKind): Pick<StoredDocument, 'contentType' | 'bytes'> {
  shade = (shade + 1) % 256;
  return kind === 'personalPhoto'
    ? { contentType: 'image/jpeg', bytes: tinyJpeg(`${kind}-${shade}`) }
    : { contentType: 'image/png', bytes: tinyPng([IMAGE_KINDS.indexOf(kind) * 40, shade, 77]) };
}

/**
 * A student whose data is complete, with its document images in the app's storage and their rows in the
 * database, in the states asked for (a refused one refused as unreadable), and its documents status kept as
 * the portal keeps it. Straight into the database and the storage, as a completed submit leaves them.
 */
export async function insertReviewableStudent(
  app: App,
  overrides: StudentOverrides = {},
  { states = ALL_PENDING }: ReviewableOptions = {},
) {
  const student = await insertStudent(app.db, {
    ...COMPLETE_DATA_FIELDS,
    isComplete: true,
    completedAt: new Date(),
    ...overrides,
  });
  const documents = new Map<ImageKind, StoredDocument>();
  for (const [kind, state] of Object.entries(states) as [ImageKind, DocumentState][]) {
    const { contentType, bytes } = documentBytes(kind);
    const key = imageStorageKey(student.id, kind, contentType);
    await app.storage.put(key, bytes);
    await app.db.insert(studentImages).values({
      studentId: student.id,
      kind,
      storageKey: key,
      contentType,
      sizeBytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      reviewStatus: state,
      reviewReason: state === 'rejected' ? ('unreadable' satisfies RefusalReason) : null,
    });
    documents.set(kind, { key, contentType, bytes });
  }
  await refreshDocumentsStatus(app.db, student.id, { bumpVersion: false });
  return { ...student, documents };
}
export type ReviewableStudent = Awaited<ReturnType<typeof insertReviewableStudent>>;
