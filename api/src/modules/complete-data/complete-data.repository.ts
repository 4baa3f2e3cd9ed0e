import type { CompleteData, DocumentState, ImageContentType, ImageKind } from '@portal/common';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { refreshDocumentsStatus } from '../../db/documents-status.js';
import type { DbExecutor } from '../../db/executor.js';
import { type OutboxMessage, queueNotifications } from '../../db/notification-outbox.js';
import type { Database } from '../../db/pool.js';
import {
  collegePrograms,
  colleges,
  studentContactChanges,
  studentImages,
  students,
} from '../../db/schema/index.js';
import { contactChange } from './contact-change.js';

/** An image checked and put into the storage, to be recorded with the student's data. */
export interface NewImage {
  kind: ImageKind;
  storageKey: string;
  contentType: ImageContentType;
  sizeBytes: number;
  sha256: string;
}

/**
 * A chosen program no longer has that name in the student's college: renamed or deleted between the form's check
 * and its save (issue 19). Nothing was written.
 */
export class ProgramsChangedError extends Error {
  constructor() {
    super('a chosen program changed before the save');
    this.name = 'ProgramsChangedError';
  }
}

/**
 * Inside the save's transaction, when a phone number or e-mail on record changed (issue 33): the contacts before it
 * are kept for 24 hours, step-up codes go to them meanwhile, and they are told of the change ("if this was not
 * you"). A second change within those 24 hours keeps the contacts from before the first, and starts the 24 hours
 * again, so that an intruder's first change does not become the contacts on record.
 */
async function recordContactChange(
  tx: DbExecutor,
  studentId: string,
  previous: { phoneNumber: string | null; email: string | null },
): Promise<void> {
  const [kept] = await tx
    .insert(studentContactChanges)
    .values({ studentId, previousPhoneNumber: previous.phoneNumber, previousEmail: previous.email })
    .onConflictDoUpdate({
      target: studentContactChanges.studentId,
      set: {
        previousPhoneNumber: sql`CASE WHEN ${studentContactChanges.changedAt} > now() - interval '24 hours'
          THEN ${studentContactChanges.previousPhoneNumber} ELSE excluded.previous_phone_number END`,
        previousEmail: sql`CASE WHEN ${studentContactChanges.changedAt} > now() - interval '24 hours'
          THEN ${studentContactChanges.previousEmail} ELSE excluded.previous_email END`,
        changedAt: sql`now()`,
      },
    })
    .returning({ changedAt: studentContactChanges.changedAt });
  await queueNotifications(tx, [
    {
      studentId,
      event: 'student.contact_changed',
      dedupeKey: `contactChanged:${kept?.changedAt.toISOString() ?? ''}`,
      payload: { to: { phone: previous.phoneNumber, email: previous.email } },
    },
  ]);
}

/**
 * Inside the save's transaction: the chosen programs, found by name in the student's college and held (FOR SHARE)
 * until the commit. A rename waits for this save and then renames its choice with the others'; a rename committed
 * before it leaves a name that is gone, and the save is refused rather than storing it.
 */
async function holdChosenPrograms(tx: DbExecutor, studentId: string, data: CompleteData): Promise<void> {
  const chosen = [...new Set([data.program1, data.program2, data.program3].filter((name) => !!name))];
  if (chosen.length === 0) return;
  const held = await tx
    .select({ name: collegePrograms.name })
    .from(collegePrograms)
    .where(
      and(
        eq(collegePrograms.collegeId, sql`(SELECT college_id FROM students WHERE id = ${studentId})`),
        inArray(collegePrograms.name, chosen as string[]),
      ),
    )
    .for('share');
  if (held.length !== chosen.length) throw new ProgramsChangedError();
}

export function completeDataRepository(db: Database) {
  const findStudent = db
    .select({
      id: students.id,
      collegeId: students.collegeId,
      socialWork: colleges.socialWork,
      tourism: colleges.tourism,
      // After it the student's submits are refused (issue 17); read here so that the check costs no query.
      dataDeadline: colleges.dataDeadline,
      isComplete: students.isComplete,
      phoneNumber: students.phoneNumber,
      importedTotalGrade: students.importedTotalGrade,
      importedPercentage: students.importedPercentage,
      studentNameEn: students.studentNameEn,
      address: students.address,
      homeTel: students.homeTel,
      email: students.email,
      program1: students.program1,
      program2: students.program2,
      program3: students.program3,
      qualification: students.qualification,
      qualificationYear: students.qualificationYear,
      totalGrade: students.totalGrade,
      percentage: students.percentage,
      fatherName: students.fatherName,
      fatherJob: students.fatherJob,
      fatherQualification: students.fatherQualification,
      fatherNationality: students.fatherNationality,
      fatherMobile: students.fatherMobile,
      masterName: students.masterName,
      masterJob: students.masterJob,
      masterQualification: students.masterQualification,
      motherName: students.motherName,
      motherNationality: students.motherNationality,
      motherJob: students.motherJob,
      motherMobile: students.motherMobile,
      city: students.city,
      brothersNum: students.brothersNum,
      brothersMaleNum: students.brothersMaleNum,
      brothersFemaleNum: students.brothersFemaleNum,
      brothersOrder: students.brothersOrder,
      income: students.income,
    })
    .from(students)
    .innerJoin(colleges, eq(colleges.id, students.collegeId))
    .where(eq(students.id, sql.placeholder('studentId')))
    .prepare('complete_data_find_student');

  const listPrograms = db
    .select({ name: collegePrograms.name, hidden: collegePrograms.hidden })
    .from(collegePrograms)
    .where(eq(collegePrograms.collegeId, sql.placeholder('collegeId')))
    .orderBy(asc(collegePrograms.sortOrder))
    .prepare('complete_data_college_programs');

  const listImages = db
    .select({
      kind: studentImages.kind,
      storageKey: studentImages.storageKey,
      contentType: studentImages.contentType,
      sizeBytes: studentImages.sizeBytes,
      sha256: studentImages.sha256,
      reviewStatus: studentImages.reviewStatus,
      reviewNote: studentImages.reviewNote,
      createdAt: studentImages.createdAt,
      purgedAt: studentImages.purgedAt,
    })
    .from(studentImages)
    .where(eq(studentImages.studentId, sql.placeholder('studentId')))
    .prepare('complete_data_student_images');

  return {
    async findStudent(studentId: string) {
      return (await findStudent.execute({ studentId }))[0];
    },

    /** The college's programs, hidden ones marked (issue 19: no longer offered, but a stored choice stands). */
    programs(collegeId: string): Promise<{ name: string; hidden: boolean }[]> {
      return listPrograms.execute({ collegeId });
    },

    images: (studentId: string) => listImages.execute({ studentId }),

    /** The storage keys recorded for these students (the orphan sweep keeps exactly these). */
    async recordedKeys(studentIds: readonly string[]): Promise<Set<string>> {
      if (studentIds.length === 0) return new Set();
      const rows = await db
        .select({ storageKey: studentImages.storageKey })
        .from(studentImages)
        .where(inArray(studentImages.studentId, [...studentIds]));
      return new Set(rows.map((row) => row.storageKey));
    },

    /**
     * Stores the data and records the new images in one transaction: the student row is updated first (which
     * locks it, so two submits of one student take turns), marked complete, its first completion time kept;
     * each image row of a sent kind is replaced and awaits review again; `messages` are queued with it; chosen
     * programs whose names changed meanwhile refuse the whole save (`ProgramsChangedError`); `claim` consumes
     * the staged uploads the images came from, or refuses the save. Answers
     * the storage keys the new images replaced (to be removed once committed), or null when the student no
     * longer exists.
     */
    async save(
      studentId: string,
      data: CompleteData,
      images: readonly NewImage[],
      messages: readonly OutboxMessage[],
      claim?: (tx: DbExecutor) => Promise<void>,
    ): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        // Staged uploads the images came from are consumed in this transaction: all of them, or no save.
        await claim?.(tx);
        await holdChosenPrograms(tx, studentId, data);
        const [before] = await tx
          .select({ phoneNumber: students.phoneNumber, email: students.email })
          .from(students)
          .where(eq(students.id, studentId))
          .for('update');
        const updated = await tx
          .update(students)
          .set({
            ...data,
            totalGrade: String(data.totalGrade),
            percentage: String(data.percentage),
            isComplete: true,
            completedAt: sql`coalesce(${students.completedAt}, now())`,
            updatedAt: sql`now()`,
          })
          .where(eq(students.id, studentId))
          .returning({ id: students.id });
        if (updated.length === 0) return null;
        const replaced = await recordImages(tx, studentId, images);
        // A first completion puts the documents in the review; a new image is a change a reviewer must see.
        await refreshDocumentsStatus(tx, studentId, { bumpVersion: images.length > 0 });
        const changed = before ? contactChange(before, data) : null;
        if (changed) await recordContactChange(tx, studentId, changed);
        await queueNotifications(tx, messages);
        return replaced;
      });
    },

    /** Runs `work` in one transaction: the steps of a documents replacement below take it. */
    transaction<T>(work: (tx: DbExecutor) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /**
     * The student's completeness, its row locked until the transaction ends (a review save or a complete-data
     * submit of the same student waits); undefined when the student no longer exists.
     */
    async lockStudent(tx: DbExecutor, studentId: string): Promise<{ isComplete: boolean } | undefined> {
      const [row] = await tx
        .select({ isComplete: students.isComplete })
        .from(students)
        .where(eq(students.id, studentId))
        .for('update');
      return row;
    },

    /** The review state of the student's documents of these kinds, as the locked student has them. */
    async reviewStates(
      tx: DbExecutor,
      studentId: string,
      kinds: readonly ImageKind[],
    ): Promise<Map<string, DocumentState>> {
      const rows = await tx
        .select({ kind: studentImages.kind, reviewStatus: studentImages.reviewStatus })
        .from(studentImages)
        .where(and(eq(studentImages.studentId, studentId), inArray(studentImages.kind, [...kinds])));
      return new Map(rows.map((row) => [row.kind, row.reviewStatus]));
    },

    /**
     * Records replacements of the student's documents, which await review again, and moves the documents
     * status and review version on; answers the storage keys replaced (to be removed once committed).
     */
    async replaceImages(tx: DbExecutor, studentId: string, images: readonly NewImage[]): Promise<string[]> {
      const replaced = await recordImages(tx, studentId, images);
      await refreshDocumentsStatus(tx, studentId, { bumpVersion: true });
      return replaced;
    },
  };
}

/**
 * Puts each image into the row of its kind (a new row, or the stored one replaced) as a fresh upload awaiting
 * review: the previous review, its reason, note and reviewer, belonged to the replaced file. Answers the storage
 * keys of the replaced files.
 */
async function recordImages(
  tx: DbExecutor,
  studentId: string,
  images: readonly NewImage[],
): Promise<string[]> {
  if (images.length === 0) return [];
  const replaced = await tx
    .select({ storageKey: studentImages.storageKey })
    .from(studentImages)
    .where(
      and(
        eq(studentImages.studentId, studentId),
        inArray(
          studentImages.kind,
          images.map((image) => image.kind),
        ),
      ),
    );
  await tx
    .insert(studentImages)
    .values(images.map((image) => ({ studentId, ...image })))
    .onConflictDoUpdate({
      target: [studentImages.studentId, studentImages.kind],
      set: {
        storageKey: sql`excluded.storage_key`,
        contentType: sql`excluded.content_type`,
        sizeBytes: sql`excluded.size_bytes`,
        sha256: sql`excluded.sha256`,
        reviewStatus: 'pending',
        reviewReason: null,
        reviewNote: null,
        reviewedBy: null,
        reviewedByUserName: null,
        reviewedAt: null,
        createdAt: sql`now()`,
      },
    });
  return replaced.map((row) => row.storageKey);
}

export type CompleteDataRepository = ReturnType<typeof completeDataRepository>;
export type StudentForCompletion = NonNullable<Awaited<ReturnType<CompleteDataRepository['findStudent']>>>;
export type StoredImageRow = Awaited<ReturnType<CompleteDataRepository['images']>>[number];
