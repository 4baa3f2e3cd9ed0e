import { randomUUID } from 'node:crypto';
import { CONTENT_MESSAGES, type CollegeEntry, DEADLINE_MESSAGES, MESSAGES } from '@portal/common';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { injectAs } from '../../../test/auth-helpers.js';
import { insertCollege } from '../../../test/colleges.js';
import { createTestApp } from '../../../test/test-app.js';
import { auditLog, colleges } from '../../db/schema/index.js';
import { bumpContentVersion } from '../content/index.js';

const { app, database } = await createTestApp();
const { db } = database;
const programsUrl = (college: string) => `/api/v1/colleges/tourism/${encodeURIComponent(college)}/programs`;

async function listColleges() {
  const res = await app.inject({ method: 'GET', url: '/api/v1/colleges' });
  expect(res.statusCode).toBe(200);
  return res.json().data as { data: string[]; colleges: CollegeEntry[] };
}

describe('GET /colleges', () => {
  it('lists the seeded colleges in data.data', async () => {
    const names = (await listColleges()).data;
    expect(names).toContain('كلية الخدمة الاجتماعية');
    expect(names.filter((n) => n.startsWith('كلية السياحة والفنادق'))).toHaveLength(2);
    expect(names.length).toBeGreaterThanOrEqual(15);
  });

  it('gives each college with its flags and deadline in data.colleges, in the order of data.data', async () => {
    const college = await insertCollege(db, {
      socialWork: true,
      dataDeadline: new Date('2026-12-01T21:59:00Z'),
    });
    // Inserted behind the portal's back: raise the counter as an edit would, or the cached list stands.
    await bumpContentVersion(db, 'colleges');
    await app.content.refresh();
    const { data, colleges: entries } = await listColleges();
    expect(entries.map((entry) => entry.name)).toEqual(data);
    expect(entries.find((entry) => entry.id === college.id)).toEqual({
      id: college.id,
      name: college.name,
      socialWork: true,
      tourism: false,
      dataDeadline: '2026-12-01T21:59:00.000Z',
      hidden: false,
    });
    expect(entries.find((entry) => entry.name === 'كلية التجارة')).toMatchObject({
      socialWork: false,
      tourism: false,
      dataDeadline: null,
    });
  });
});

describe('PATCH /colleges/{id}', () => {
  const patch = (id: string, payload: unknown, who: 'SUPERADMIN' | 'SUPPORT' | 'ADMIN' = 'SUPERADMIN') =>
    injectAs(app, who, {
      method: 'PATCH',
      url: `/api/v1/colleges/${id}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  const deadlineOf = async (id: string) =>
    (await db.select({ at: colleges.dataDeadline }).from(colleges).where(eq(colleges.id, id)))[0]?.at ?? null;
  const auditOf = (id: string) =>
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'college'), eq(auditLog.targetId, id)));

  it('sets the deadline from an instant with its offset, audited, and the list carries it', async () => {
    const college = await insertCollege(db);
    const res = await patch(college.id, { dataDeadline: '2026-12-01T23:59:00+02:00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: DEADLINE_MESSAGES.deadlineSaved,
      data: {
        id: college.id,
        name: college.name,
        socialWork: false,
        tourism: false,
        dataDeadline: '2026-12-01T21:59:00.000Z',
        hidden: false,
      },
    });
    expect(await deadlineOf(college.id)).toEqual(new Date('2026-12-01T21:59:00Z'));
    const entry = (await listColleges()).colleges.find((c) => c.id === college.id);
    expect(entry?.dataDeadline).toBe('2026-12-01T21:59:00.000Z');
    const audit = await auditOf(college.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'college.deadline',
      actorUserName: expect.stringMatching(/^superadmin_/),
      details: { college: college.name, before: null, after: '2026-12-01T21:59:00.000Z' },
    });
  });

  it('moves a deadline and clears it with null, each audited with the value before', async () => {
    const college = await insertCollege(db, { dataDeadline: new Date('2026-11-30T20:00:00Z') });
    const moved = await patch(college.id, { dataDeadline: '2026-12-05T10:30:00Z' });
    expect(moved.json().data.dataDeadline).toBe('2026-12-05T10:30:00.000Z');
    const cleared = await patch(college.id, { dataDeadline: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({
      message: DEADLINE_MESSAGES.deadlineCleared,
      data: { id: college.id, dataDeadline: null },
    });
    expect(await deadlineOf(college.id)).toBeNull();
    const details = (await auditOf(college.id))
      .map((row) => row.details)
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(details).toEqual([
      { college: college.name, before: '2026-11-30T20:00:00.000Z', after: '2026-12-05T10:30:00.000Z' },
      { college: college.name, before: '2026-12-05T10:30:00.000Z', after: null },
    ]);
  });

  it.each([
    ['a date without a time', { dataDeadline: '2026-12-01' }],
    ['a time without an offset', { dataDeadline: '2026-12-01T23:59:00' }],
    ['an impossible date', { dataDeadline: '2026-02-30T10:00:00Z' }],
    ['words', { dataDeadline: 'next week' }],
    ['a number', { dataDeadline: 1_780_000_000_000 }],
    // Since issue 19 the call also edits the college's other fields: these say there is nothing to change.
    ['a missing deadline', {}, CONTENT_MESSAGES.nothingToChange],
    ['an unknown field beside it', { dataDeadline: null, colour: 'أحمر' }, CONTENT_MESSAGES.nothingToChange],
    ['a list', [{ dataDeadline: null }], CONTENT_MESSAGES.nothingToChange],
  ])('refuses %s with 400 and the Arabic message, changing nothing', async (_, payload, message?: string) => {
    const college = await insertCollege(db, { dataDeadline: new Date('2026-12-01T21:59:00Z') });
    const res = await patch(college.id, payload);
    expect({ statusCode: res.statusCode, body: res.json() }).toEqual({
      statusCode: 400,
      body: { status: 'error', message: message ?? DEADLINE_MESSAGES.deadlineInvalid },
    });
    expect(await deadlineOf(college.id)).toEqual(new Date('2026-12-01T21:59:00Z'));
    expect(await auditOf(college.id)).toEqual([]);
  });

  it('refuses an id that is not a UUID with 400, and an unknown college with 404', async () => {
    const malformed = await patch('not-a-uuid', { dataDeadline: null });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ status: 'error', message: DEADLINE_MESSAGES.collegeIdInvalid });
    const unknown = randomUUID();
    const missing = await patch(unknown, { dataDeadline: '2026-12-01T23:59:00+02:00' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 'error', message: DEADLINE_MESSAGES.collegeNotFound });
    expect(await auditOf(unknown)).toEqual([]);
  });

  it('is for the super admin only: 403 for other staff, 401 without a token, nothing changed', async () => {
    const college = await insertCollege(db);
    for (const role of ['SUPPORT', 'ADMIN'] as const) {
      const res = await patch(college.id, { dataDeadline: '2026-12-01T23:59:00+02:00' }, role);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 'error', message: MESSAGES.forbidden });
    }
    const anonymous = await app.inject({
      method: 'PATCH',
      url: `/api/v1/colleges/${college.id}`,
      payload: { dataDeadline: null },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await deadlineOf(college.id)).toBeNull();
    expect(await auditOf(college.id)).toEqual([]);
  });
});

describe('GET /colleges/tourism/{college}/programs', () => {
  it('lists a tourism college programs in data.data', async () => {
    const res = await app.inject({ method: 'GET', url: programsUrl('كلية السياحة والفنادق') });
    expect(res.statusCode).toBe(200);
    const programs: string[] = res.json().data.data;
    expect(programs.length).toBeGreaterThanOrEqual(3);
    expect(programs).toContain('الدراسات الفندقية');
  });

  it('refuses a college that offers no program choice', async () => {
    const res = await app.inject({ method: 'GET', url: programsUrl('كلية الهندسة') });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: 'هذه الكلية ليس لها برامج للاختيار' });
  });

  it('refuses an unknown college', async () => {
    const res = await app.inject({ method: 'GET', url: programsUrl('كلية غير موجودة') });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: 'الكلية غير موجودة' });
  });
});
