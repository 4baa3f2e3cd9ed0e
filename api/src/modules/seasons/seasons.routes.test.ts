import { randomUUID } from 'node:crypto';
import { MESSAGES, SEASON_MESSAGES, type Season, type StaffRole } from '@portal/common';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { injectAs } from '../../../test/auth-helpers.js';
import { insertStudent, loginStudent } from '../../../test/builders.js';
import { COMPLETE_DATA_FIELDS } from '../../../test/complete-data-fields.js';
import { createTestApp } from '../../../test/test-app.js';
import { documentPhotos, patchMultipart } from '../../../test/uploads.js';
import { admissionSeasons, auditLog, studentImages, students } from '../../db/schema/index.js';

const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '10000' });
const { db } = database;
const API = '/api/v1';
const COLLEGE = 'كلية التجارة';

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, who: StaffRole = 'SUPERADMIN') =>
  injectAs(app, who, {
    method,
    url: `${API}${url}`,
    ...(payload === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) }),
  });
const error = (message: string) => ({ status: 'error', message });

async function seasons(): Promise<Season[]> {
  const res = await call('GET', '/seasons');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().seasons;
}

async function completeWithImages(nationalId: string, id: string) {
  const cookie = await loginStudent(app, nationalId);
  const res = await patchMultipart(
    app,
    `${API}/students/completeStudentData/${id}`,
    cookie,
    COMPLETE_DATA_FIELDS,
    documentPhotos(),
  );
  expect(res.statusCode, res.body).toBe(200);
  return cookie;
}

const login = (nationalID: string) =>
  app.inject({ method: 'POST', url: `${API}/students/getStudent`, payload: { nationalID } });

describe('admission seasons', () => {
  // One story in order: the first season, opening the next, the closed one read-only, then deleting it.
  const first = { id: '', name: '' };
  const returning = { nationalId: '', oldId: '', newId: '', cookie: '' };
  let oldOnly = '';
  let oldKeys: string[] = [];

  it('starts with one current season holding the students so far', async () => {
    const student = await insertStudent(db, { college: COLLEGE });
    returning.nationalId = student.nationalId;
    returning.oldId = student.id;
    returning.cookie = await completeWithImages(student.nationalId, student.id);
    oldOnly = (await insertStudent(db, { college: COLLEGE })).id;
    oldKeys = (
      await db
        .select({ key: studentImages.storageKey })
        .from(studentImages)
        .where(eq(studentImages.studentId, student.id))
    ).map((row) => row.key);
    expect(oldKeys).toHaveLength(6);

    const [only, ...rest] = await seasons();
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ current: true, closedAt: null, imagesDeletedAt: null, students: 2 });
    first.id = only?.id ?? '';
    first.name = only?.name ?? '';
    const branding = await app.inject({ method: 'GET', url: `${API}/branding` });
    expect(branding.json().data.academicYear).toBe(first.name);
  });

  it('refuses a malformed, an earlier or the same year, changing nothing', async () => {
    const start = Number(first.name.slice(0, 4));
    for (const [name, status, message] of [
      ['next year', 400, SEASON_MESSAGES.nameInvalid],
      [`${start + 1}/${start + 3}`, 400, SEASON_MESSAGES.nameInvalid],
      [first.name, 409, SEASON_MESSAGES.nameNotLater],
      [`${start - 1}/${start}`, 409, SEASON_MESSAGES.nameNotLater],
    ] as const) {
      const res = await call('POST', '/seasons', { name });
      expect(res.statusCode, name).toBe(status);
      expect(res.json()).toEqual(error(message));
    }
    expect(await call('POST', '/seasons', { name: 2027 }).then((res) => res.statusCode)).toBe(400);
    expect((await seasons()).map((season) => season.id)).toEqual([first.id]);
  });

  it('only a super admin opens a season; support and a faculty admin may list them', async () => {
    for (const role of ['SUPPORT', 'ADMIN', 'SOCIAL_ADMIN'] as const) {
      expect((await call('POST', '/seasons', { name: '2099/2100' }, role)).statusCode).toBe(403);
    }
    expect((await call('GET', '/seasons', undefined, 'SUPPORT')).statusCode).toBe(200);
    expect((await call('GET', '/seasons', undefined, 'SOCIAL_ADMIN')).statusCode).toBe(403);
  });

  let next = '';
  it('opens the next season typed in Arabic-Indic digits: the current one closes, audited', async () => {
    const start = Number(first.name.slice(0, 4)) + 1;
    next = `${start}/${start + 1}`;
    const typed = next.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d))).replace('/', ' / ');
    const res = await call('POST', '/seasons', { name: typed });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'success',
      message: SEASON_MESSAGES.opened,
      season: { name: next, current: true, students: 0 },
    });
    const [now, closed] = await seasons();
    expect(now).toMatchObject({ name: next, current: true });
    expect(closed).toMatchObject({ id: first.id, current: false, students: 2 });
    expect(closed?.closedAt).not.toBeNull();
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'season.open'));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.details).toEqual({ season: next, closed: first.name });
    const branding = await app.inject({ method: 'GET', url: `${API}/branding` });
    expect(branding.json().data.academicYear).toBe(next);
    expect((await call('POST', '/seasons', { name: next })).json()).toEqual(
      error(SEASON_MESSAGES.nameNotLater),
    );
  });

  it("last season's students no longer log in; the same national ID comes back as a new row", async () => {
    expect((await login(returning.nationalId)).statusCode).toBe(404);
    const again = await insertStudent(db, { college: COLLEGE, nationalId: returning.nationalId });
    returning.newId = again.id;
    expect(again.id).not.toBe(returning.oldId);
    const res = await login(returning.nationalId);
    expect(res.statusCode).toBe(200);
    expect(res.json()._id).toBe(again.id);
    const [old] = await db.select().from(students).where(eq(students.id, returning.oldId));
    expect(old).toMatchObject({ seasonId: first.id, isComplete: true });
  });

  it("a closed season is read-only: a staff delete and the old session's writes answer 409, nothing changes", async () => {
    const deleted = await call('DELETE', `/students/deleteStudent/${returning.oldId}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toEqual(error(SEASON_MESSAGES.closed));
    const resubmit = await patchMultipart(
      app,
      `${API}/students/completeStudentData/${returning.oldId}`,
      returning.cookie,
      { ...COMPLETE_DATA_FIELDS, address: 'عنوان جديد' },
      [],
    );
    expect(resubmit.statusCode).toBe(409);
    expect(resubmit.json()).toEqual(error(SEASON_MESSAGES.closed));
    const [old] = await db.select().from(students).where(eq(students.id, returning.oldId));
    expect(old?.address).toBe(COMPLETE_DATA_FIELDS.address);
    expect(
      await db.select().from(studentImages).where(eq(studentImages.studentId, returning.oldId)),
    ).toHaveLength(6);
  });

  it('lists, search, statistics and the staff record read either season', async () => {
    const page = (season?: string) =>
      call('POST', `/students/getAllStudents?page=1&limit=500${season ? `&season=${season}` : ''}`, {
        faculty: COLLEGE,
      });
    const current = (await page()).json();
    expect(current.data.map((row: { _id: string }) => row._id)).toEqual([returning.newId]);
    const past = (await page(first.id)).json();
    expect(past.data.map((row: { _id: string }) => row._id).sort()).toEqual(
      [returning.oldId, oldOnly].sort(),
    );
    expect(past.studentsNumber).toBe(2);

    const search = await call('POST', `/students/getStudentInfo?season=${first.id}`, {
      nationalID: returning.nationalId,
      studentName: null,
      faculty: COLLEGE,
    });
    expect(search.json().data.map((row: { _id: string }) => row._id)).toEqual([returning.oldId]);

    const stats = (season?: string) =>
      call('GET', `/students/getStatistics${season ? `?season=${season}` : ''}`).then((res) => res.json());
    expect((await stats()).allStudentsNumber).toBe(1);
    expect(await stats(first.id)).toMatchObject({ allStudentsNumber: 2, allStudentsNumberCompleted: 1 });
    expect((await call('GET', '/students/getStatistics?season=nope')).statusCode).toBe(400);

    // An export of the closed season holds its students: the download's audit row counts them.
    const exported = async (season?: string) => {
      const link = await call(
        'POST',
        `/students/downloadStudentData/incompleteSupport${season ? `?season=${season}` : ''}`,
        {
          faculty: COLLEGE,
        },
      );
      expect(link.statusCode, link.body).toBe(200);
      const download = await app.inject({ method: 'GET', url: link.json().path });
      expect(download.statusCode).toBe(200);
      const [row] = await db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(eq(auditLog.action, 'students.export.download'))
        .orderBy(desc(auditLog.createdAt))
        .limit(1);
      return (row?.details as { rows?: number } | undefined)?.rows;
    };
    expect(await exported(first.id)).toBe(1);
    expect(await exported()).toBe(1);
    await insertStudent(db, { college: COLLEGE, seasonId: first.id }).then(
      () => expect.unreachable('a student was added to a closed season'),
      () => undefined,
    );

    const record = (await call('GET', `/students/record/${returning.oldId}`)).json().data;
    expect(record.season).toEqual({ id: first.id, name: first.name, current: false });
    expect(record.seasonRecords).toEqual([
      { studentId: returning.newId, seasonId: expect.any(String), seasonName: next },
      { studentId: returning.oldId, seasonId: first.id, seasonName: first.name },
    ]);
  });

  it('deletes a closed season only with its exact student count; never the current one', async () => {
    const [current] = await seasons();
    const refused = await call('DELETE', `/seasons/${current?.id}`, { confirmCount: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(error(SEASON_MESSAGES.currentCannotBeDeleted));
    const wrong = await call('DELETE', `/seasons/${first.id}`, { confirmCount: 3 });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toEqual(error(SEASON_MESSAGES.confirmCountMismatch));
    expect((await call('DELETE', `/seasons/${randomUUID()}`, { confirmCount: 0 })).statusCode).toBe(404);
    expect((await call('DELETE', `/seasons/${first.id}`, {})).statusCode).toBe(400);
    expect((await call('DELETE', `/seasons/${first.id}`, { confirmCount: 2 }, 'SUPPORT')).statusCode).toBe(
      403,
    );
    expect(await db.select().from(students).where(eq(students.seasonId, first.id))).toHaveLength(2);
    for (const key of oldKeys) expect(await app.storage.exists(key)).toBe(true);

    const res = await call('DELETE', `/seasons/${first.id}`, { confirmCount: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: SEASON_MESSAGES.deleted, deletedStudents: 2 });
    expect(await db.select().from(students).where(eq(students.seasonId, first.id))).toEqual([]);
    expect(await db.select().from(admissionSeasons).where(eq(admissionSeasons.id, first.id))).toEqual([]);
    for (const key of oldKeys) expect(await app.storage.exists(key)).toBe(false);
    const [kept] = await db.select().from(students).where(eq(students.id, returning.newId));
    expect(kept?.nationalId).toBe(returning.nationalId);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'season.delete'), eq(auditLog.targetId, first.id)));
    expect(audits.map((row) => row.details)).toEqual([{ season: first.name, students: 2 }]);
    expect((await call('DELETE', `/students/deleteStudent/${returning.oldId}`)).json()).toEqual(
      error(MESSAGES.studentRecordNotFound),
    );
  });
});
