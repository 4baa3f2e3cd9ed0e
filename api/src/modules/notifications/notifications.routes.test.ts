// Kept whole: preview, send and stats read one seeded set of students (each with its channels and appointment)
// on one app and embedded database; split, each file would seed and start its own.
import {
  MESSAGES,
  type MessagePreviewResponse,
  type MessageSendResponse,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_STATES,
  type NotificationState,
  type NotificationStatsResponse,
  STAFF_MESSAGE_MAX_LENGTH,
  type StaffRole,
} from '@portal/common';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  injectAs,
  insertStaff,
  OTHER_FACULTY,
  staffWithRole,
  TEST_FACULTY,
  type TestStaff,
} from '../../../test/auth-helpers.js';
import { insertStudent } from '../../../test/builders.js';
import { changedTables, databaseFingerprint } from '../../../test/database-fingerprint.js';
import { createTestApp } from '../../../test/test-app.js';
import {
  appointments,
  auditLog,
  colleges,
  notificationCampaigns,
  notifications,
} from '../../db/schema/index.js';
import { CAMPAIGNS_LISTED, FAILURES_LISTED, SEND_AUDIT_ACTION } from './notifications.service.js';

/** Issue 17: the staff message (preview, send) and the delivery figures, on a real database. */
const { app, database } = await createTestApp();
const db = database.db;
const DAY = '2030-01-08';

/**
 * The faculty's students as the filters see them: `appointed` (complete, both addresses, documents accepted,
 * interview on DAY), `emailOnly` and `phoneOnly` (data not complete; the second must re-upload), `noAddress`
 * (complete, must re-upload, interview on another day), `blankEmail` (not complete, an empty e-mail is none);
 * and `elsewhere`, of another faculty, whom no call on TEST_FACULTY may count or reach.
 */
const people = {} as Record<
  'appointed' | 'emailOnly' | 'phoneOnly' | 'noAddress' | 'blankEmail' | 'elsewhere',
  { id: string; name: string }
>;
let admin: TestStaff;
let otherAdmin: TestStaff;

beforeAll(async () => {
  const add = async (
    key: keyof typeof people,
    fields: Parameters<typeof insertStudent>[1],
    appointedDay?: string,
  ) => {
    const row = await insertStudent(db, { name: `طالب ${key}`, ...fields });
    people[key] = { id: row.id, name: row.name };
    if (appointedDay)
      await db.insert(appointments).values({ studentId: row.id, appointedDay, appointedHour: 9 });
  };
  await add(
    'appointed',
    {
      isComplete: true,
      email: 'a@example.com',
      phoneNumber: '01012345678',
      documentsStatus: 'accepted',
    },
    DAY,
  );
  await add('emailOnly', { email: 'b@example.com', phoneNumber: null });
  await add('phoneOnly', { email: null, phoneNumber: '01112345678', documentsStatus: 'needsReupload' });
  await add(
    'noAddress',
    { isComplete: true, email: null, phoneNumber: null, documentsStatus: 'needsReupload' },
    '2030-01-09',
  );
  await add('blankEmail', { email: '', phoneNumber: null });
  await add(
    'elsewhere',
    {
      college: OTHER_FACULTY,
      email: 'f@example.com',
      phoneNumber: '01212345678',
      documentsStatus: 'needsReupload',
    },
    DAY,
  );
  admin = await insertStaff(db, { role: 'ADMIN', faculty: TEST_FACULTY });
  otherAdmin = await insertStaff(db, { role: 'ADMIN', faculty: OTHER_FACULTY });
  // Made now: made on first use, they would be a change the refusals below must not make.
  for (const role of ['SUPERADMIN', 'SUPPORT'] as const) await staffWithRole(app, role);
});

const call = (who: StaffRole | TestStaff, options: InjectOptions) => injectAs(app, who, options);
const preview = (who: StaffRole | TestStaff, payload: unknown) =>
  call(who, {
    method: 'POST',
    url: '/api/v1/notifications/preview',
    payload: payload as InjectOptions['payload'],
  });
const send = (who: StaffRole | TestStaff, payload: unknown) =>
  call(who, {
    method: 'POST',
    url: '/api/v1/notifications/send',
    payload: payload as InjectOptions['payload'],
  });
const stats = (who: StaffRole | TestStaff, faculty?: string) =>
  call(who, {
    method: 'GET',
    url: `/api/v1/notifications/stats${faculty === undefined ? '' : `?faculty=${encodeURIComponent(faculty)}`}`,
  });

const MESSAGE = {
  faculty: TEST_FACULTY,
  filter: { audience: 'all' },
  channels: ['email', 'sms'],
  text: 'تذكير',
};

/** Sends the request and checks it was refused with the Arabic message and left every table as it was. */
async function expectRefused(response: () => ReturnType<typeof send>, status: number, message: string) {
  const before = await databaseFingerprint(database.pool);
  const res = await response();
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual({ status: 'error', message });
  expect(changedTables(before, await databaseFingerprint(database.pool))).toEqual([]);
}

describe('POST /notifications/preview', () => {
  it.each([
    ['all', { audience: 'all' }, { students: 5, withEmail: 2, withPhone: 2 }],
    ['dataIncomplete', { audience: 'dataIncomplete' }, { students: 3, withEmail: 1, withPhone: 1 }],
    ['needsReupload', { audience: 'needsReupload' }, { students: 2, withEmail: 0, withPhone: 1 }],
    ['appointedOn', { audience: 'appointedOn', day: DAY }, { students: 1, withEmail: 1, withPhone: 1 }],
    [
      'appointedOn a day nobody has',
      { audience: 'appointedOn', day: '2030-01-10' },
      { students: 0, withEmail: 0, withPhone: 0 },
    ],
  ])('counts the faculty students %s selects, and their addresses', async (_name, filter, counts) => {
    const before = await databaseFingerprint(database.pool);
    const res = await preview('SUPPORT', { ...MESSAGE, filter, text: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MessagePreviewResponse>()).toEqual({
      status: 'success',
      data: { faculty: TEST_FACULTY, ...counts },
    });
    expect(changedTables(before, await databaseFingerprint(database.pool))).toEqual([]);
  });

  it("gives a faculty ADMIN its own faculty's count when it names none", async () => {
    const res = await preview(admin, { filter: { audience: 'needsReupload' }, channels: ['sms'] });
    expect(res.json<MessagePreviewResponse>().data).toEqual({
      faculty: TEST_FACULTY,
      students: 2,
      withEmail: 0,
      withPhone: 1,
    });
  });

  it('refuses another faculty to an ADMIN, no faculty to the super admin and a faculty that does not exist', async () => {
    await expectRefused(() => preview(otherAdmin, MESSAGE), 403, MESSAGES.otherFacultyForbidden);
    await expectRefused(
      () => preview('SUPERADMIN', { ...MESSAGE, faculty: undefined }),
      400,
      NOTIFICATION_MESSAGES.facultyRequired,
    );
    await expectRefused(
      () => preview('SUPERADMIN', { ...MESSAGE, faculty: 'كلية لا وجود لها' }),
      400,
      MESSAGES.collegeNotFound,
    );
  });
});

const campaignRows = (id: string) =>
  db.select().from(notificationCampaigns).where(eq(notificationCampaigns.id, id));
const outboxRows = (campaignId: string) =>
  db
    .select({
      studentId: notifications.studentId,
      event: notifications.event,
      channel: notifications.channel,
      dedupeKey: notifications.dedupeKey,
      payload: notifications.payload,
      campaignId: notifications.campaignId,
    })
    .from(notifications)
    .where(eq(notifications.campaignId, campaignId));
const sendAudits = () => db.select().from(auditLog).where(eq(auditLog.action, SEND_AUDIT_ACTION));
const byStudentAndChannel = (a: { studentId: string; channel: string }, b: typeof a) =>
  `${a.studentId}${a.channel}`.localeCompare(`${b.studentId}${b.channel}`);

describe('POST /notifications/send', () => {
  beforeEach(async () => {
    await db.delete(notificationCampaigns);
    await db.delete(notifications);
    await db.execute(sql`TRUNCATE audit_log`);
  });

  it('queues one message per student and channel under a new campaign, with its audit row, at once', async () => {
    const support = await insertStaff(db, { role: 'SUPPORT' });
    const res = await send(support, {
      ...MESSAGE,
      filter: { audience: 'needsReupload' },
      text: '  أعد رفع المستندات المرفوضة  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<MessageSendResponse>();
    expect(body).toEqual({
      status: 'success',
      message: NOTIFICATION_MESSAGES.messageQueued,
      data: { campaignId: expect.any(String), students: 2, messages: 4 },
    });
    const { campaignId } = body.data;

    const [campaign] = await campaignRows(campaignId);
    const [college] = await db.select().from(colleges).where(eq(colleges.name, TEST_FACULTY));
    expect(campaign).toMatchObject({
      collegeId: college?.id,
      filter: { audience: 'needsReupload' },
      channels: ['email', 'sms'],
      text: 'أعد رفع المستندات المرفوضة',
      createdBy: support.id,
      createdByUserName: support.userName,
    });
    const expected = [people.phoneOnly, people.noAddress].flatMap((student) =>
      (['email', 'sms'] as const).map((channel) => ({
        studentId: student.id,
        event: 'staffMessage',
        channel,
        dedupeKey: `staffMessage:${campaignId}`,
        payload: { campaignId },
        campaignId,
      })),
    );
    expect((await outboxRows(campaignId)).sort(byStudentAndChannel)).toEqual(
      expected.sort(byStudentAndChannel),
    );

    expect(await sendAudits()).toEqual([
      expect.objectContaining({
        actorId: support.id,
        actorUserName: support.userName,
        targetType: 'campaign',
        targetId: campaignId,
        details: {
          faculty: TEST_FACULTY,
          filter: { audience: 'needsReupload' },
          channels: ['email', 'sms'],
          students: 2,
          messages: 4,
          textLength: 'أعد رفع المستندات المرفوضة'.length,
        },
      }),
    ]);
  });

  it('reaches only the students appointed on the day, on the channels named (each once)', async () => {
    const res = await send('SUPERADMIN', {
      ...MESSAGE,
      filter: { audience: 'appointedOn', day: DAY },
      channels: ['sms', 'sms'],
    });
    expect(res.json<MessageSendResponse>().data).toMatchObject({ students: 1, messages: 1 });
    const rows = await outboxRows(res.json<MessageSendResponse>().data.campaignId);
    expect(rows.map((row) => [row.studentId, row.channel])).toEqual([[people.appointed.id, 'sms']]);
  });

  it("sends a faculty ADMIN's message to its own faculty when it names none; a second message is queued again", async () => {
    const first = await send(admin, {
      ...MESSAGE,
      faculty: undefined,
      filter: { audience: 'dataIncomplete' },
    });
    const second = await send(admin, {
      ...MESSAGE,
      faculty: TEST_FACULTY,
      filter: { audience: 'dataIncomplete' },
    });
    for (const res of [first, second]) {
      expect(res.statusCode, res.body).toBe(200);
      const { campaignId } = res.json<MessageSendResponse>().data;
      const rows = await outboxRows(campaignId);
      expect(new Set(rows.map((row) => row.studentId))).toEqual(
        new Set([people.emailOnly.id, people.phoneOnly.id, people.blankEmail.id]),
      );
      expect(rows).toHaveLength(6);
    }
    expect(await sendAudits()).toHaveLength(2);
  });

  it('takes a text of exactly the longest length', async () => {
    const text = 'ا'.repeat(STAFF_MESSAGE_MAX_LENGTH);
    const res = await send('SUPPORT', { ...MESSAGE, text });
    expect(res.statusCode, res.body).toBe(200);
    const [campaign] = await campaignRows(res.json<MessageSendResponse>().data.campaignId);
    expect(campaign?.text).toBe(text);
  });

  it.each<[string, unknown, string]>([
    [
      'an unknown audience',
      { ...MESSAGE, filter: { audience: 'everyone' } },
      NOTIFICATION_MESSAGES.audienceInvalid,
    ],
    ['a filter that is text', { ...MESSAGE, filter: 'all' }, NOTIFICATION_MESSAGES.audienceInvalid],
    ['no filter', { ...MESSAGE, filter: undefined }, NOTIFICATION_MESSAGES.audienceInvalid],
    [
      'appointedOn without a day',
      { ...MESSAGE, filter: { audience: 'appointedOn' } },
      NOTIFICATION_MESSAGES.dayRequired,
    ],
    [
      'appointedOn 30 February',
      { ...MESSAGE, filter: { audience: 'appointedOn', day: '2030-02-30' } },
      NOTIFICATION_MESSAGES.dayInvalid,
    ],
    [
      'appointedOn a day that is SQL',
      { ...MESSAGE, filter: { audience: 'appointedOn', day: "1' OR '1'='1" } },
      NOTIFICATION_MESSAGES.dayInvalid,
    ],
    ['an unknown channel', { ...MESSAGE, channels: ['email', 'fax'] }, NOTIFICATION_MESSAGES.channelsInvalid],
    ['channels as text', { ...MESSAGE, channels: 'email' }, NOTIFICATION_MESSAGES.channelsInvalid],
    ['no channel', { ...MESSAGE, channels: [] }, NOTIFICATION_MESSAGES.channelsRequired],
    ['an empty text', { ...MESSAGE, text: '' }, NOTIFICATION_MESSAGES.textRequired],
    ['a text of spaces', { ...MESSAGE, text: ' \n ' }, NOTIFICATION_MESSAGES.textRequired],
    ['no text', { ...MESSAGE, text: undefined }, NOTIFICATION_MESSAGES.textRequired],
    ['a text that is a number', { ...MESSAGE, text: 42 }, NOTIFICATION_MESSAGES.textInvalid],
    [
      `a text of ${STAFF_MESSAGE_MAX_LENGTH + 1} characters`,
      { ...MESSAGE, text: 'ا'.repeat(STAFF_MESSAGE_MAX_LENGTH + 1) },
      NOTIFICATION_MESSAGES.textTooLong,
    ],
  ])('refuses %s with 400 and queues nothing', async (_name, payload, message) => {
    await expectRefused(() => send('SUPERADMIN', payload), 400, message);
  });

  it('refuses a faculty outside the scope, a missing or unknown faculty, and a filter nobody matches', async () => {
    await expectRefused(() => send(otherAdmin, MESSAGE), 403, MESSAGES.otherFacultyForbidden);
    await expectRefused(
      () => send(admin, { ...MESSAGE, faculty: OTHER_FACULTY }),
      403,
      MESSAGES.otherFacultyForbidden,
    );
    await expectRefused(
      () => send('SUPPORT', { ...MESSAGE, faculty: '' }),
      400,
      NOTIFICATION_MESSAGES.facultyRequired,
    );
    await expectRefused(
      () => send('SUPERADMIN', { ...MESSAGE, faculty: 'كلية لا وجود لها' }),
      400,
      MESSAGES.collegeNotFound,
    );
    await expectRefused(
      () => send('SUPERADMIN', { ...MESSAGE, filter: { audience: 'appointedOn', day: '2030-01-10' } }),
      409,
      NOTIFICATION_MESSAGES.noRecipients,
    );
  });
});

describe('GET /notifications/stats', () => {
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  let campaignId: string;
  let campaignCreatedAt: Date;
  const lastFailureAt = at(1);

  /** An outbox row straight into the database, already handed to the queue so no dispatcher takes it. */
  const message = (
    student: { id: string },
    channel: 'email' | 'sms',
    state: NotificationState,
    extra: Partial<typeof notifications.$inferInsert> = {},
  ): typeof notifications.$inferInsert => ({
    studentId: student.id,
    event: 'documentRefused',
    channel,
    dedupeKey: `documentRefused:${Math.random()}`,
    state,
    dispatched: true,
    ...extra,
  });

  beforeAll(async () => {
    await db.delete(notificationCampaigns);
    await db.delete(notifications);
    const [college] = await db.select().from(colleges).where(eq(colleges.name, TEST_FACULTY));
    const [campaign] = await db
      .insert(notificationCampaigns)
      .values({
        collegeId: college?.id ?? '',
        filter: { audience: 'appointedOn', day: DAY },
        channels: ['email', 'sms'],
        text: 'موعدك غدا',
        createdBy: admin.id,
        createdByUserName: admin.userName,
        createdAt: at(30),
      })
      .returning();
    if (!campaign) throw new Error('campaign not inserted');
    campaignId = campaign.id;
    campaignCreatedAt = campaign.createdAt;
    await db.insert(notifications).values([
      message(people.appointed, 'email', 'sent', { campaignId, event: 'staffMessage', sentAt: at(5) }),
      message(people.appointed, 'sms', 'retrying', {
        campaignId,
        event: 'staffMessage',
        tries: 2,
        lastError: 'gateway answered 503',
        updatedAt: at(3),
      }),
      message(people.emailOnly, 'email', 'failed', { tries: 8, lastError: 'mailbox full', updatedAt: at(2) }),
      message(people.emailOnly, 'sms', 'skipped'),
      message(people.phoneOnly, 'sms', 'queued'),
      // Waiting for its first retry without a reason yet: not a failure to list.
      message(people.phoneOnly, 'email', 'retrying', { tries: 1 }),
      message(people.elsewhere, 'sms', 'failed', {
        tries: 8,
        lastError: 'number unknown',
        updatedAt: lastFailureAt,
      }),
      message(people.elsewhere, 'email', 'sent'),
    ]);
  });

  const counts = (partial: Partial<Record<NotificationState, number>>) =>
    Object.fromEntries(NOTIFICATION_STATES.map((state) => [state, partial[state] ?? 0]));

  it('counts every state of the whole university, zeros included, and lists the latest failures first', async () => {
    const res = await stats('SUPERADMIN');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<NotificationStatsResponse>().data;
    expect(data.faculty).toBeNull();
    expect(data.byState).toEqual(counts({ sent: 2, retrying: 2, failed: 2, skipped: 1, queued: 1 }));
    expect(data.byChannel).toEqual({
      email: counts({ sent: 2, failed: 1, retrying: 1 }),
      sms: counts({ retrying: 1, skipped: 1, queued: 1, failed: 1 }),
    });
    expect(data.failures).toEqual([
      {
        id: expect.any(String),
        studentId: people.elsewhere.id,
        studentName: people.elsewhere.name,
        event: 'documentRefused',
        channel: 'sms',
        tries: 8,
        error: 'number unknown',
        at: lastFailureAt.toISOString(),
      },
      expect.objectContaining({ studentId: people.emailOnly.id, channel: 'email', error: 'mailbox full' }),
      expect.objectContaining({
        studentId: people.appointed.id,
        event: 'staffMessage',
        channel: 'sms',
        tries: 2,
        error: 'gateway answered 503',
      }),
    ]);
    expect(data.campaigns).toEqual([
      {
        id: campaignId,
        faculty: TEST_FACULTY,
        filter: { audience: 'appointedOn', day: DAY },
        channels: ['email', 'sms'],
        text: 'موعدك غدا',
        createdBy: admin.userName,
        createdAt: campaignCreatedAt.toISOString(),
        counts: counts({ sent: 1, retrying: 1 }),
      },
    ]);
  });

  it("keeps a faculty ADMIN to its own faculty's figures, and gives the others the faculty they name", async () => {
    for (const res of [await stats(admin), await stats('SUPPORT', TEST_FACULTY)]) {
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json<NotificationStatsResponse>().data;
      expect(data.faculty).toBe(TEST_FACULTY);
      expect(data.byState).toEqual(counts({ sent: 1, retrying: 2, failed: 1, skipped: 1, queued: 1 }));
      expect(data.failures.map((failure) => failure.studentId)).toEqual([
        people.emailOnly.id,
        people.appointed.id,
      ]);
      expect(data.campaigns.map((campaign) => campaign.id)).toEqual([campaignId]);
    }
    const other = (await stats('SUPERADMIN', OTHER_FACULTY)).json<NotificationStatsResponse>().data;
    expect(other.byState).toEqual(counts({ sent: 1, failed: 1 }));
    expect(other.failures.map((failure) => failure.studentId)).toEqual([people.elsewhere.id]);
    expect(other.campaigns).toEqual([]);
  });

  it('refuses another faculty to an ADMIN and a faculty that does not exist', async () => {
    await expectRefused(() => stats(admin, OTHER_FACULTY), 403, MESSAGES.otherFacultyForbidden);
    await expectRefused(() => stats('SUPERADMIN', 'كلية لا وجود لها'), 400, MESSAGES.collegeNotFound);
  });

  it(`lists at most the latest ${FAILURES_LISTED} failures and ${CAMPAIGNS_LISTED} staff messages`, async () => {
    const [college] = await db.select().from(colleges).where(eq(colleges.name, OTHER_FACULTY));
    const campaigns = await db
      .insert(notificationCampaigns)
      .values(
        Array.from({ length: CAMPAIGNS_LISTED + 2 }, (_, i) => ({
          collegeId: college?.id ?? '',
          filter: { audience: 'all' },
          channels: ['sms'],
          text: `رسالة ${i}`,
          createdAt: at(100 + i),
        })),
      )
      .returning({ id: notificationCampaigns.id });
    await db
      .insert(notifications)
      .values(
        Array.from({ length: FAILURES_LISTED + 5 }, (_, i) =>
          message(people.elsewhere, 'email', 'failed', { lastError: `خطأ ${i}`, updatedAt: at(100 + i) }),
        ),
      );
    const data = (await stats('SUPPORT', OTHER_FACULTY)).json<NotificationStatsResponse>().data;
    expect(data.failures).toHaveLength(FAILURES_LISTED);
    // The newest first: the row failed a minute ago, then the bulk from the most recent.
    expect(data.failures.map((failure) => failure.error).slice(0, 3)).toEqual([
      'number unknown',
      'خطأ 0',
      'خطأ 1',
    ]);
    expect(data.campaigns.map((campaign) => campaign.id)).toEqual(
      campaigns.slice(0, CAMPAIGNS_LISTED).map((campaign) => campaign.id),
    );
  });
});
