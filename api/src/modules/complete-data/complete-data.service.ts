import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  COMPLETE_DATA_FIELDS,
  type CompleteDataFormValues,
  type CompleteDataStoredResponse,
  completeDataWireSchema,
  type ImageKind,
  MESSAGES,
  type StoredPhoto,
  validateCompleteData,
  validateImageSet,
} from '@portal/common';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { type ObjectStorage, StorageError, StorageNotFoundError } from '../../storage/storage.js';
import type {
  CompleteDataRepository,
  NewImage,
  StoredImageRow,
  StudentForCompletion,
} from './complete-data.repository.js';
import type { ReceivedForm } from './complete-data.upload.js';
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

export function completeDataService(repository: CompleteDataRepository, storage: ObjectStorage) {
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
    form: ReceivedForm,
    log: FastifyBaseLogger,
  ): Promise<NewImage[]> {
    const stored: NewImage[] = [];
    try {
      for (const image of form.images.values()) {
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

  return {
    /** The logged-in student with the college flags the rules need; 404 when the record is gone. */
    async student(studentId: string): Promise<StudentForCompletion> {
      const student = await repository.findStudent(studentId);
      if (!student) throw new AppError(404, MESSAGES.studentNotFound);
      return student;
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
     * stores it all or nothing: the new images are put under new keys, then the data and the image rows are
     * written in one transaction; if anything fails the new images are removed. Once committed, the images
     * they replaced are removed (best effort: a leftover is only logged).
     */
    async complete(student: StudentForCompletion, form: ReceivedForm, log: FastifyBaseLogger): Promise<void> {
      const programs = student.tourism ? await repository.programNames(student.collegeId) : undefined;
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

      let newImages: NewImage[] = [];
      let replaced: string[] | null;
      try {
        newImages = await putImages(student.id, form, log);
        replaced = await repository.save(student.id, checked.data, newImages);
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
    },

    /**
     * One stored image of the student: its type and digest, and `open` for its bytes; 404 when there is none
     * (also when its file is missing from the storage, which is logged).
     */
    async photo(studentId: string, kind: ImageKind, log: FastifyBaseLogger) {
      const image = (await repository.images(studentId)).find((row) => row.kind === kind);
      if (!image) throw new AppError(404, MESSAGES.photoNotFound);
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
