import { and, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { insertStudent } from '../../../test/builders.js';
import { createTestDatabase } from '../../../test/test-app.js';
import { colleges, notifications, smsRate, students } from '../../db/schema/index.js';
import { SOCIAL_WORK_COLLEGE } from '../../setup/seed/colleges.js';
import { deleteOldSmsCounts } from './channels/sms-rate.repository.js';
import { queueDueReminders } from './deadline-reminders.js';
import { deadlineRemindersRepository, reminderDedupeKey } from './deadline-reminders.repository.js';

/** Issue 17, item 6, on the real database: who gets a reminder, once, on both channels. */
const database = await createTestDatabase();
const db = database.db;
const repository = deadlineRemindersRepository(db);

const COMMERCE = 'كلية التجارة';
const DEADLINE = '2026-09-01T20:59:00.000Z';
const HOUR = 3_600_000;
const before = (hours: number) => new Date(Date.parse(DEADLINE) - hours * HOUR);

async function setDeadline(college: string, deadline: string | null) {
  await db
    .update(colleges)
    .set({ dataDeadline: deadline === null ? null : new Date(deadline) })
    .where(eq(colleges.name, college));
}

async function remindersOf(studentIds: string[]) {
  return db
    .select({
      studentId: notifications.studentId,
      channel: notifications.channel,
      dedupeKey: notifications.dedupeKey,
      payload: notifications.payload,
      state: notifications.state,
    })
    .from(notifications)
    .where(and(eq(notifications.event, 'deadlineReminder'), inArray(notifications.studentId, studentIds)));
}

let incomplete: string[];
let complete: string;
let otherCollege: string;

beforeEach(async () => {
  await db.delete(notifications);
  await db.delete(students);
  await db.update(colleges).set({ dataDeadline: null });
  incomplete = [
    (await insertStudent(db, { college: COMMERCE })).id,
    (await insertStudent(db, { college: COMMERCE, email: null, phoneNumber: null })).id,
  ];
  complete = (await insertStudent(db, { college: COMMERCE, isComplete: true, completedAt: new Date() })).id;
  otherCollege = (await insertStudent(db, { college: SOCIAL_WORK_COLLEGE })).id;
  await setDeadline(COMMERCE, DEADLINE);
});

describe('deadline reminders', () => {
  it('queue the three-day reminder, on both channels, to the college students whose data is not complete', async () => {
    expect(await queueDueReminders(repository, before(60))).toBe(4);
    const rows = await remindersOf([...incomplete, complete, otherCollege]);
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(incomplete).toContain(row.studentId);
      expect(row.dedupeKey).toBe(reminderDedupeKey(DEADLINE, 3));
      expect(row.dedupeKey).toBe(`deadlineReminder:${DEADLINE}:3d`);
      expect(row.payload).toEqual({ deadline: DEADLINE, days: 3 });
      expect(row.state).toBe('queued');
    }
    expect(rows.map((row) => row.channel).sort()).toEqual(['email', 'email', 'sms', 'sms']);
  });

  it('once per student per reminder: the next runs add nothing, the one-day reminder is another', async () => {
    await queueDueReminders(repository, before(71));
    expect(await queueDueReminders(repository, before(60))).toBe(0);
    expect(await queueDueReminders(repository, before(25))).toBe(0);
    expect(await remindersOf(incomplete)).toHaveLength(4);

    expect(await queueDueReminders(repository, before(23))).toBe(4);
    expect(await queueDueReminders(repository, before(1))).toBe(0);
    const keys = (await remindersOf(incomplete)).map((row) => row.dedupeKey);
    expect(keys.filter((key) => key.endsWith(':1d'))).toHaveLength(4);
    expect(keys.filter((key) => key.endsWith(':3d'))).toHaveLength(4);
  });

  it('a student who completes the data in between gets no one-day reminder', async () => {
    await queueDueReminders(repository, before(60));
    await db
      .update(students)
      .set({ isComplete: true })
      .where(eq(students.id, incomplete[0] ?? ''));
    expect(await queueDueReminders(repository, before(12))).toBe(2);
  });

  it('nothing further out than three days, after the deadline, or for a college without one', async () => {
    expect(await queueDueReminders(repository, before(73))).toBe(0);
    expect(await queueDueReminders(repository, new Date(Date.parse(DEADLINE) + 1))).toBe(0);
    await setDeadline(COMMERCE, null);
    expect(await queueDueReminders(repository, before(12))).toBe(0);
    expect(await remindersOf([...incomplete, complete, otherCollege])).toHaveLength(0);
  });

  it('a moved deadline is a new occurrence: its reminders go out again', async () => {
    await queueDueReminders(repository, before(60));
    const later = '2026-09-08T20:59:00.000Z';
    await setDeadline(COMMERCE, later);
    expect(await queueDueReminders(repository, new Date(Date.parse(later) - 60 * HOUR))).toBe(4);
  });

  it('each college on its own deadline', async () => {
    await setDeadline(SOCIAL_WORK_COLLEGE, '2026-09-02T20:59:00.000Z');
    // Commerce's is 23 hours away (one day), social work's 47 (three days).
    expect(await queueDueReminders(repository, before(23))).toBe(6);
    const [social] = await remindersOf([otherCollege]);
    expect(social?.payload).toEqual({ deadline: '2026-09-02T20:59:00.000Z', days: 3 });
  });
});

describe('old SMS counts', () => {
  it('are forgotten after a minute; the current ones stay', async () => {
    const now = Math.floor(Date.now() / 1000);
    await db.delete(smsRate);
    await db.insert(smsRate).values([
      { second: now - 3600, count: 10 },
      { second: now - 61, count: 3 },
      { second: now, count: 2 },
    ]);
    await deleteOldSmsCounts(db);
    expect((await db.select().from(smsRate)).map((row) => row.second)).toEqual([now]);
  });
});
