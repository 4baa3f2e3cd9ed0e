import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  COMPLETE_DATA_FIELDS,
  CONTENT_MESSAGES,
  type CompleteDataFormValues,
  type CompleteDataStoredResponse,
  completeDataWireSchema,
  type DocumentState,
  deadlinePassed,
  deadlinePassedMessage,
  formatDeadline,
  IMAGE_KINDS,
  type ImageKind,
  MESSAGES,
  REVIEW_MESSAGES,
  type StoredPhoto,
  validateCompleteData,
  validateImageSet,
} from '@portal/common';
import type { FastifyBaseLogger } from 'fastify';
import type { AuditEntry } from '../../db/audit-trail.js';
import type { DbExecutor } from '../../db/executor.js';
import type { OutboxMessage } from '../../db/notification-outbox.js';
import { AppError } from '../../lib/app-error.js';
import { type ObjectStorage, StorageError, StorageNotFoundError } from '../../storage/storage.js';
import { RETENTION_MESSAGES } from '../retention/index.js';
import {
  type CompleteDataRepository,
  type NewImage,
  ProgramsChangedError,
  type StoredImageRow,
  type StudentForCompletion,
} from './complete-data.repository.js';
import type { ReceivedForm, StagedImage } from './complete-data.upload.js';
import { imageStorageKey } from './image-keys.js';

/** A stored numeric ('385.50') as people type it ('385.5'). */
function numberText(value: string | number | null): string {
  if (value === null) return '';
  const number = Number(value);
  return Number.isFinite(number) ? String(number) : String(value);
}

function toStoredPhoto(row: StoredImageRow): StoredPhoto {
  return {
    kind: row.kind as StoredPhoto['kind'],
    contentType: row.contentType as StoredPhoto['contentType'],
    sizeBytes: row.sizeBytes,
    reviewStatus: row.reviewStatus,
    reviewNote: row.reviewNote,
    uploadedAt: row.createdAt.toISOString(),
  };
}

/** Consumes, in the submit's transaction, the staged uploads its images came from; throws to refuse it. */
export type ClaimStaged = (tx: DbExecutor) => Promise<void>;

/** Writes one audit row in the transaction of the change it records. */
export type AuditWriter = (entry: AuditEntry, tx: DbExecutor) => Promise<void>;

export interface CompleteDataServiceOptions {
  /** The university's IANA time zone: the deadline is named on its clock. */
  timeZone: string;
  now?: () => Date;
}

export function completeDataService(
  repository: CompleteDataRepository,
  storage: ObjectStorage,
  audit: AuditWriter,
  { timeZone, now = () => new Date() }: CompleteDataServiceOptions,
) {
  async function removeQuietly(keys: readonly string[], log: FastifyBaseLogger, why: string) {
    await Promise.all(
      keys.map((key) =>
        storage
          .delete(key)
          .catch((error: unknown) => log.warn({ err: error, key }, `could not remove ${why}`)),
      ),
    );
  }

  /** Puts the staged images into the storage, each under a new key; on failure removes those already put. */
  async function putImages(
    studentId: string,
    images: ReadonlyMap<ImageKind, StagedImage>,
    log: FastifyBaseLogger,
  ): Promise<NewImage[]> {
    const stored: NewImage[] = [];
    try {
      for (const image of images.values()) {
        const storageKey = imageStorageKey(studentId, image.kind, image.contentType);
        stored.push({ ...image, storageKey });
        await storage.put(storageKey, createReadStream(image.file));
      }
      return stored;
    } catch (error) {
      await removeQuietly(
        stored.map((image) => image.storageKey),
        log,
        'an image of a failed submit',
      );
      throw error;
    }
  }

  /**
   * Stores images all or nothing: they are put under new keys (a stored image is never overwritten), then
   * `record` writes their rows in one transaction and answers the keys they replaced, or null when the student
   * is gone. If anything fails the new images are removed (a storage failure is a 503); once committed, the
   * replaced files are removed (best effort: a leftover is only logged, and swept as an orphan later).
   */
  async function storeImages(
    studentId: string,
    images: ReadonlyMap<ImageKind, StagedImage>,
    log: FastifyBaseLogger,
    record: (newImages: NewImage[]) => Promise<string[] | null>,
  ): Promise<void> {
    let newImages: NewImage[] = [];
    let replaced: string[] | null;
    try {
      newImages = await putImages(studentId, images, log);
      replaced = await record(newImages);
    } catch (error) {
      if (newImages.length > 0) {
        await removeQuietly(
          newImages.map((image) => image.storageKey),
          log,
          'an image of a failed submit',
        );
      }
      if (error instanceof StorageError) {
        log.error({ err: error }, 'storing images failed');
        throw new AppError(503, MESSAGES.storageUnavailable);
      }
      if (error instanceof ProgramsChangedError) throw new AppError(409, CONTENT_MESSAGES.programsChanged);
      throw error;
    }
    if (replaced === null) {
      await removeQuietly(
        newImages.map((image) => image.storageKey),
        log,
        'an image of a deleted student',
      );
      throw new AppError(404, MESSAGES.studentNotFound);
    }
    await removeQuietly(replaced, log, 'a replaced image');
  }

  /** 409 unless every one of these kinds is stored and refused: only a refused document may be replaced. */
  function requireRefused(states: ReadonlyMap<string, DocumentState>, kinds: readonly ImageKind[]): void {
    if (kinds.some((kind) => states.get(kind) !== 'rejected'))
      throw new AppError(409, REVIEW_MESSAGES.replaceNotRefused);
  }

  /**
   * The programs the student may choose: the college's visible ones, and a hidden one only where the student
   * already chose it (issue 19), so hiding a program never makes a resubmit of the stored form fail.
   */
  async function programChoices(student: StudentForCompletion): Promise<string[]> {
    const stored = new Set([student.program1, student.program2, student.program3]);
    return (await repository.programs(student.collegeId))
      .filter((program) => !program.hidden || stored.has(program.name))
      .map((program) => program.name);
  }

  return {
    /** The logged-in student with the college flags the rules need; 404 when the record is gone. */
    async student(studentId: string): Promise<StudentForCompletion> {
      const student = await repository.findStudent(studentId);
      if (!student) throw new AppError(404, MESSAGES.studentNotFound);
      return student;
    },

    /**
     * 403 naming the deadline once the student's college deadline has passed (issue 17): the student's submits
     * are refused before their body is read, so nothing is staged or stored. Staff edits and reviews do not
     * come here.
     */
    requireBeforeDeadline(student: StudentForCompletion): void {
      const deadline = student.dataDeadline?.toISOString() ?? null;
      if (deadline !== null && deadlinePassed(deadline, now()))
        throw new AppError(403, deadlinePassedMessage(formatDeadline(deadline, timeZone)));
    },

    /** The stored values and images, to fill the edit form (the imported phone and grades as defaults). */
    async stored(student: StudentForCompletion): Promise<CompleteDataStoredResponse['data']> {
      const { importedTotalGrade, importedPercentage, ...record } = student;
      const values = Object.fromEntries(
        COMPLETE_DATA_FIELDS.map((field) => {
          const value = record[field];
          return [field, typeof value === 'number' ? String(value) : (value ?? '')];
        }),
      ) as CompleteDataFormValues;
      values.totalGrade = numberText(student.totalGrade ?? importedTotalGrade);
      values.percentage = numberText(student.percentage ?? importedPercentage);
      const images = await repository.images(student.id);
      return { isComplete: student.isComplete, values, photos: images.map(toStoredPhoto) };
    },

    /**
     * Checks the received form (rules 1–7, then all six images present counting those already stored), then
     * stores it all or nothing: the data and the image rows in one transaction, a sent image replacing the
     * stored one of its kind and awaiting review again. The first completion queues the `dataCompleted`
     * message in that transaction (issue 17); later edits do not.
     */
    async complete(
      student: StudentForCompletion,
      form: ReceivedForm,
      log: FastifyBaseLogger,
      claim?: ClaimStaged,
    ): Promise<void> {
      const programs = student.tourism ? await programChoices(student) : undefined;
      const fields = completeDataWireSchema.parse(form.fields);
      const checked = validateCompleteData(fields, {
        socialWork: student.socialWork,
        tourism: student.tourism,
        ...(programs ? { programs } : {}),
      });
      if (!checked.ok) throw new AppError(400, checked.message);
      const stored = await repository.images(student.id);
      const imageSet = validateImageSet([...stored.map((image) => image.kind), ...form.images.keys()]);
      if (!imageSet.ok) throw new AppError(400, imageSet.message);

      // Completeness only ever goes from false to true, so a student read incomplete is completed by this save
      // or by a concurrent first submit; either way the dedupe key leaves one message.
      const messages: OutboxMessage[] = student.isComplete
        ? []
        : [{ studentId: student.id, event: 'dataCompleted', dedupeKey: 'dataCompleted' }];
      await storeImages(student.id, form.images, log, (newImages) =>
        repository.save(student.id, checked.data, newImages, messages, claim),
      );
    },

    /** 409 before a replacement is even read when the student's data is not complete: nothing was reviewed. */
    requireComplete(student: StudentForCompletion): void {
      if (!student.isComplete) throw new AppError(409, REVIEW_MESSAGES.replaceNotComplete);
    },

    /**
     * Replaces refused documents with the received images, all or nothing: each sent kind must be refused now
     * (checked before anything is stored, and again under the student's lock, so that a review saved meanwhile
     * wins); the replaced documents await review again, the review version moves on and the student's history
     * records it (no staff actor: the student did it).
     */
    async replaceDocuments(
      student: StudentForCompletion,
      images: ReadonlyMap<ImageKind, StagedImage>,
      log: FastifyBaseLogger,
      claim?: ClaimStaged,
    ): Promise<void> {
      const kinds = IMAGE_KINDS.filter((kind) => images.has(kind));
      if (kinds.length === 0) throw new AppError(400, REVIEW_MESSAGES.replaceNothingSent);
      const stored = await repository.images(student.id);
      requireRefused(new Map(stored.map((row) => [row.kind, row.reviewStatus])), kinds);

      await storeImages(student.id, images, log, (newImages) =>
        repository.transaction(async (tx) => {
          await claim?.(tx);
          const locked = await repository.lockStudent(tx, student.id);
          if (!locked) return null;
          if (!locked.isComplete) throw new AppError(409, REVIEW_MESSAGES.replaceNotComplete);
          requireRefused(await repository.reviewStates(tx, student.id, kinds), kinds);
          const replaced = await repository.replaceImages(tx, student.id, newImages);
          await audit(
            {
              actor: null,
              action: 'student.replace_documents',
              targetType: 'student',
              targetId: student.id,
              details: { kinds },
            },
            tx,
          );
          return replaced;
        }),
      );
    },

    /**
     * One stored image of the student: its type and digest, and `open` for its bytes; 404 when there is none
     * (also when its file is missing from the storage, which is logged), 410 once the retention job deleted it.
     */
    async photo(studentId: string, kind: ImageKind, log: FastifyBaseLogger) {
      const image = (await repository.images(studentId)).find((row) => row.kind === kind);
      if (!image) throw new AppError(404, MESSAGES.photoNotFound);
      if (image.purgedAt) throw new AppError(410, RETENTION_MESSAGES.imagePurged);
      const open = async (): Promise<Readable> => {
        try {
          return await storage.get(image.storageKey);
        } catch (error) {
          if (error instanceof StorageNotFoundError) {
            log.error({ key: image.storageKey }, 'a recorded image is missing from the storage');
            throw new AppError(404, MESSAGES.photoNotFound);
          }
          if (error instanceof StorageError) throw new AppError(503, MESSAGES.storageUnavailable);
          throw error;
        }
      };
      return { contentType: image.contentType, sha256: image.sha256, open };
    },
  };
}
export type CompleteDataService = ReturnType<typeof completeDataService>;
