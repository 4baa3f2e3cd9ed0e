import { and, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { insertStudent } from '../../../test/builders.js';
import { allDocuments, insertReviewableStudent, type ReviewableStudent } from '../../../test/documents.js';
import { createTestApp } from '../../../test/test-app.js';
import * as schema from '../../db/schema/index.js';
import { admissionSeasons, auditLog, studentImages, students } from '../../db/schema/index.js';
import type { ObjectStorage } from '../../storage/storage.js';
import { StorageError } from '../../storage/storage.js';
import { IMAGES_RETENTION_ACTION } from './image-retention.js';
import { retentionRepository } from './retention.repository.js';
import { runImageRetention } from './retention-job.js';

const { app, database } = await createTestApp();
const { db, pool } = database;
const DAY = 86_400_000;

/** Closes the current season `daysAgo` days back and opens the next one, as the seasons module does. */
async function closeCurrentSeason(daysAgo: number, next: string): Promise<string> {
  const [closed] = await db
    .update(admissionSeasons)
    .set({ closedAt: new Date(Date.now() - daysAgo * DAY) })
    .where(sql`${admissionSeasons.closedAt} IS NULL`)
    .returning({ id: admissionSeasons.id });
  if (!closed) throw new Error('no current season');
  await db.insert(admissionSeasons).values({ name: next });
  return closed.id;
}

/** Students with their six documents (files in the app's storage), all in the current season. */
async function studentsWithDocuments(count: number): Promise<ReviewableStudent[]> {
  const made: ReviewableStudent[] = [];
  for (let i = 0; i < count; i += 1)
    made.push(
      await insertReviewableStudent(
        app,
        {},
        {
          reviews: {
            ...allDocuments({ state: 'accepted' }),
            birthCertificate: { state: 'rejected', reason: 'unreadable', note: `غير واضحة ${i}` },
          },
        },
      ),
    );
  return made;
}

/** The season's image rows (with their reviews) and whether each file is still stored. */
async function imagesOf(seasonId: string) {
  const rows = await db
    .select({
      key: studentImages.storageKey,
      reviewStatus: studentImages.reviewStatus,
      reviewNote: studentImages.reviewNote,
      purgedAt: studentImages.purgedAt,
    })
    .from(studentImages)
    .innerJoin(students, eq(students.id, studentImages.studentId))
    .where(eq(students.seasonId, seasonId));
  return Promise.all(rows.map(async (row) => ({ ...row, stored: await app.storage.exists(row.key) })));
}

async function seasonOf(id: string) {
  const [season] = await db.select().from(admissionSeasons).where(eq(admissionSeasons.id, id));
  return season;
}

function auditRowsOf(seasonId: string) {
  return db
    .select({ actor: auditLog.actorUserName, targetType: auditLog.targetType, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.action, IMAGES_RETENTION_ACTION), eq(auditLog.targetId, seasonId)));
}

const run = (retentionDays: number, storage: ObjectStorage = app.storage) =>
  runImageRetention({ pool, storage, retentionDays, log: app.log, batchStudents: 2 });

/** A row never points at a file that is gone unless it says so: every unpurged row's file is there. */
async function expectNoRowPointsAtAMissingFile(seasonId: string) {
  for (const image of await imagesOf(seasonId)) if (image.purgedAt === null) expect(image.stored).toBe(true);
}

// Four seasons: two closed over a year ago, one ten days ago, and the current one.
await db
  .update(admissionSeasons)
  .set({ name: 'retention-test-1' })
  .where(sql`${admissionSeasons.closedAt} IS NULL`);
const oldStudents = await studentsWithDocuments(3);
// A student without images: a batch of students may mark nothing.
await insertStudent(db);
const oldSeason = await closeCurrentSeason(400, 'retention-test-2');
await studentsWithDocuments(5);
const olderSeason = await closeCurrentSeason(380, 'retention-test-3');
await studentsWithDocuments(1);
const recentSeason = await closeCurrentSeason(10, 'retention-test-4');
await studentsWithDocuments(1);

describe('the retention job', () => {
  it('keeps every image with RETENTION_DAYS=0', async () => {
    expect(await run(0)).toEqual({ outcome: 'done', finished: [] });
    for (const season of [oldSeason, olderSeason, recentSeason]) {
      const images = await imagesOf(season);
      expect(images.length).toBeGreaterThan(0);
      expect(images.every((image) => image.stored && image.purgedAt === null)).toBe(true);
      expect((await seasonOf(season))?.imagesDeletedAt).toBeNull();
    }
  });

  it('deletes the files of a season closed more than RETENTION_DAYS ago, keeping its rows and reviews, once', async () => {
    // 390 days: the season closed 400 days ago is due, the one closed 380 days ago not yet.
    const first = await run(390);
    expect(first.outcome === 'done' && first.finished.map((season) => season.name)).toEqual([
      'retention-test-1',
    ]);
    expect((await imagesOf(olderSeason)).every((image) => image.stored && image.purgedAt === null)).toBe(
      true,
    );

    const images = await imagesOf(oldSeason);
    expect(images).toHaveLength(3 * 6);
    expect(images.every((image) => image.purgedAt !== null && !image.stored)).toBe(true);
    const refused = images.filter((image) => image.reviewStatus === 'rejected');
    expect(refused.map((image) => image.reviewNote).sort()).toEqual([
      'غير واضحة 0',
      'غير واضحة 1',
      'غير واضحة 2',
    ]);
    expect(images.filter((image) => image.reviewStatus === 'accepted')).toHaveLength(3 * 5);
    const kept = await db.select().from(students).where(eq(students.seasonId, oldSeason));
    const keptIds = new Set(kept.map((student) => student.id));
    expect(oldStudents.every((student) => keptIds.has(student.id))).toBe(true);

    const season = await seasonOf(oldSeason);
    expect(season?.imagesDeletedAt).toBeInstanceOf(Date);
    const audit = await auditRowsOf(oldSeason);
    expect(audit).toEqual([
      {
        actor: null,
        targetType: 'season',
        details: {
          season: season?.name,
          closedAt: season?.closedAt?.toISOString(),
          retentionDays: 390,
          images: 18,
          students: 3,
        },
      },
    ]);

    // A later run finds nothing due: no second audit row, nothing else touched.
    expect(await run(390)).toEqual({ outcome: 'done', finished: [] });
    expect(await auditRowsOf(oldSeason)).toHaveLength(1);
    expect((await seasonOf(oldSeason))?.imagesDeletedAt).toEqual(season?.imagesDeletedAt);
  });

  it('finishes a run that stopped after marking a batch, before deleting its files', async () => {
    // The crash: a batch committed, its files never deleted.
    const client = await pool.connect();
    const crashing = retentionRepository(drizzle(client, { schema }));
    await crashing.openSeasonStudents(olderSeason);
    expect(await crashing.markNextBatch(2)).toHaveLength(12);
    client.release(true);
    const stranded = (await imagesOf(olderSeason)).filter((image) => image.purgedAt !== null);
    expect(stranded.every((image) => image.stored)).toBe(true);

    // Then a run whose store fails in its first new batch (after deleting the stranded batch's 12 files again):
    // it stops with that batch marked and its files partly deleted.
    let deletions = 0;
    const failing: ObjectStorage = {
      ...app.storage,
      async delete(key) {
        deletions += 1;
        if (deletions === 15) throw new StorageError('delete', key);
        return app.storage.delete(key);
      },
    };
    await expect(run(365, failing)).rejects.toThrow(/could not be deleted/);
    const afterFailure = await imagesOf(olderSeason);
    expect(afterFailure.filter((image) => image.purgedAt !== null)).toHaveLength(24);
    const strandedKeys = new Set(stranded.map((image) => image.key));
    expect(afterFailure.filter((image) => strandedKeys.has(image.key) && image.stored)).toEqual([]);
    await expectNoRowPointsAtAMissingFile(olderSeason);
    expect((await seasonOf(olderSeason))?.imagesDeletedAt).toBeNull();
    expect(await auditRowsOf(olderSeason)).toHaveLength(0);

    // The next run carries on and leaves no file behind, the stranded batch's included.
    const next = await run(365);
    expect(next.outcome).toBe('done');
    const images = await imagesOf(olderSeason);
    expect(images).toHaveLength(5 * 6);
    expect(images.filter((image) => image.stored)).toEqual([]);
    expect(images.every((image) => image.purgedAt !== null)).toBe(true);
    expect(await auditRowsOf(olderSeason)).toHaveLength(1);
  });

  it('keeps the images of a season closed more recently, and of the current season', async () => {
    for (const season of [recentSeason, (await currentSeason()).id]) {
      const images = await imagesOf(season);
      expect(images).toHaveLength(6);
      expect(images.every((image) => image.stored && image.purgedAt === null)).toBe(true);
      expect((await seasonOf(season))?.imagesDeletedAt).toBeNull();
    }
  });

  it('stops between batches when the app closes, and the next run finishes the season', async () => {
    let asked = 0;
    const stopping = await runImageRetention({
      pool,
      storage: app.storage,
      retentionDays: 5,
      log: app.log,
      batchStudents: 2,
      stopped: () => asked++ > 0,
    });
    expect(stopping).toEqual({ outcome: 'stopped', finished: [] });
    const images = await imagesOf(recentSeason);
    expect(images.every((image) => image.purgedAt !== null && !image.stored)).toBe(true);
    expect((await seasonOf(recentSeason))?.imagesDeletedAt).toBeNull();
    expect(await auditRowsOf(recentSeason)).toHaveLength(0);
  });

  it('runs one at a time: a run finding another one holding the lock does nothing', async () => {
    const client = await pool.connect();
    try {
      const holder = retentionRepository(drizzle(client, { schema }));
      expect(await holder.tryLock()).toBe(true);
      expect(await run(5)).toEqual({ outcome: 'busy' });
      expect((await seasonOf(recentSeason))?.imagesDeletedAt).toBeNull();
      await holder.unlock();
    } finally {
      client.release(true);
    }
    const done = await run(5);
    expect(done.outcome === 'done' && done.finished.map((season) => season.images)).toEqual([6]);
    expect((await seasonOf(recentSeason))?.imagesDeletedAt).toBeInstanceOf(Date);
    expect(await auditRowsOf(recentSeason)).toHaveLength(1);
  });
});

async function currentSeason() {
  const [season] = await db.select().from(admissionSeasons).where(sql`${admissionSeasons.closedAt} IS NULL`);
  if (!season) throw new Error('no current season');
  return season;
}
