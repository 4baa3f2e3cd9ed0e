// Kept whole: the colleges' editing routes (colleges, programs, hiding, the instance caches) on one app and one
// embedded database; another file would start another database.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  CONTENT_MESSAGES,
  type CollegeEntry,
  type ContentCollege,
  DEADLINE_MESSAGES,
  IMAGE_KINDS,
  MESSAGES,
  photoFileName,
  type StaffRole,
} from '@portal/common';
import { and, asc, eq, like } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { injectAs, insertStaff } from '../../../test/auth-helpers.js';
import { insertStudent, loginStudent } from '../../../test/builders.js';
import { COMPLETE_DATA_FIELDS } from '../../../test/complete-data-fields.js';
import { tinyJpeg, tinyPng } from '../../../test/images.js';
import { multipartBody } from '../../../test/multipart.js';
import { createSecondInstance } from '../../../test/second-instance.js';
import { createTestApp } from '../../../test/test-app.js';
import type { App } from '../../app.js';
import { auditLog, collegePrograms, colleges, students } from '../../db/schema/index.js';
import { ARABIC_HEADERS, fixtureNationalId, xlsxOf } from '../imports/testing/spreadsheets.js';

const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '10000' });
const { db } = database;
const API = '/api/v1';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, who: StaffRole = 'SUPERADMIN') =>
  injectAs(app, who, {
    method,
    url: `${API}${url}`,
    ...(payload === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) }),
  });

const uniqueName = (prefix = 'كلية') => `${prefix} ${randomBytes(4).toString('hex')}`;

async function createCollege(body: Record<string, unknown> = {}) {
  const res = await call('POST', '/colleges', { name: uniqueName(), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as ContentCollege;
}

async function addProgram(collegeId: string, name = uniqueName('برنامج')) {
  const res = await call('POST', `/colleges/${collegeId}/programs`, { name });
  expect(res.statusCode, res.body).toBe(201);
  const college = res.json().data as ContentCollege;
  const program = college.programs.find((entry) => entry.name === name);
  if (!program) throw new Error('program not answered');
  return program;
}

async function publicList() {
  const res = await app.inject({ method: 'GET', url: `${API}/colleges` });
  expect(res.statusCode).toBe(200);
  return res.json().data as { data: string[]; colleges: CollegeEntry[] };
}

const publicPrograms = async (college: string, on: App = app) =>
  on.inject({ method: 'GET', url: `${API}/colleges/tourism/${encodeURIComponent(college)}/programs` });

const auditRows = (collegeId: string, action?: string) =>
  db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'college'),
        eq(auditLog.targetId, collegeId),
        action ? eq(auditLog.action, action) : undefined,
      ),
    )
    .orderBy(asc(auditLog.createdAt));

const collegeRow = async (id: string) => (await db.select().from(colleges).where(eq(colleges.id, id)))[0];
const error = (message: string) => ({ status: 'error', message });

describe('GET /content/colleges', () => {
  it('lists every college with its counts and all its programs, hidden ones too', async () => {
    const college = await createCollege({ tourism: true });
    const chosen = await addProgram(college.id);
    const hidden = await addProgram(college.id);
    await call('PATCH', `/colleges/${college.id}/programs/${hidden.id}`, { hidden: true });
    await insertStudent(db, { college: college.name, program1: chosen.name });
    await insertStaff(db, { role: 'ADMIN', faculty: college.name });

    const res = await call('GET', '/content/colleges');
    expect(res.statusCode).toBe(200);
    const entry = (res.json().data as ContentCollege[]).find((c) => c.id === college.id);
    expect(entry).toMatchObject({
      name: college.name,
      tourism: true,
      hidden: false,
      studentCount: 1,
      staffCount: 1,
      programs: [
        { id: chosen.id, name: chosen.name, hidden: false, studentCount: 1 },
        { id: hidden.id, name: hidden.name, hidden: true, studentCount: 0 },
      ],
    });
  });

  it.each(['ADMIN', 'SUPPORT'] as const)('is refused to %s', async (role) => {
    const res = await call('GET', '/content/colleges', undefined, role);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(error(MESSAGES.forbidden));
  });
});

describe('POST /colleges', () => {
  it('adds a college last, audited, and GET /colleges lists it at once', async () => {
    const before = await publicList();
    const name = uniqueName();
    const res = await call('POST', '/colleges', { name: `  ${name} `, socialWork: true });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'success',
      message: CONTENT_MESSAGES.collegeAdded,
      data: {
        name,
        socialWork: true,
        tourism: false,
        hidden: false,
        studentCount: 0,
        staffCount: 0,
        programs: [],
      },
    });
    const maxOrder = Math.max(...(await db.select({ o: colleges.sortOrder }).from(colleges)).map((r) => r.o));
    expect(body.data.sortOrder).toBe(maxOrder);
    const after = await publicList();
    expect(after.data).toEqual([...before.data, name]);
    expect(after.colleges.at(-1)).toEqual({
      id: body.data.id,
      name,
      socialWork: true,
      tourism: false,
      dataDeadline: null,
      hidden: false,
    });
    const audit = await auditRows(body.data.id, 'college.create');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserName: expect.stringMatching(/^superadmin_/),
      faculty: name,
      details: { college: name, after: { name, socialWork: true, tourism: false, hidden: false } },
    });
  });

  it('takes a given sort order, and shows markup and Typst syntax as plain text', async () => {
    const name = `<script>alert(1)</script> #set page(width: 1cm) $x$ ] [ ${randomBytes(2).toString('hex')}`;
    const college = await createCollege({ name, sortOrder: 0 });
    expect(college).toMatchObject({ name, sortOrder: 0 });
    expect((await publicList()).data).toContain(name);
  });

  it('refuses a name another college has with 409, nothing stored', async () => {
    const existing = await createCollege();
    const count = (await db.select().from(colleges)).length;
    const res = await call('POST', '/colleges', { name: existing.name });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(error(CONTENT_MESSAGES.collegeNameTaken));
    expect(await db.select().from(colleges)).toHaveLength(count);
  });

  it.each([
    ['an empty name', { name: '   ' }, CONTENT_MESSAGES.nameInvalid],
    ['a name of 201 characters', { name: 'ك'.repeat(201) }, CONTENT_MESSAGES.nameInvalid],
    ['a flag as text', { name: 'كلية جديدة للاختبار', tourism: 'yes' }, CONTENT_MESSAGES.flagInvalid],
    ['a negative order', { name: 'كلية جديدة للاختبار', sortOrder: -1 }, CONTENT_MESSAGES.sortOrderInvalid],
    ['an unknown field', { name: 'كلية جديدة للاختبار', hidden: true }, CONTENT_MESSAGES.nameInvalid],
  ])('refuses %s with 400', async (_, body, message) => {
    const count = (await db.select().from(colleges)).length;
    const res = await call('POST', '/colleges', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(message));
    expect(await db.select().from(colleges)).toHaveLength(count);
  });

  it.each(['ADMIN', 'SUPPORT', 'SOCIAL_ADMIN'] as const)('is refused to %s', async (role) => {
    const name = uniqueName();
    const res = await call('POST', '/colleges', { name }, role);
    expect(res.statusCode).toBe(403);
    expect(await db.select().from(colleges).where(eq(colleges.name, name))).toEqual([]);
  });
});

describe('PATCH /colleges/{id}', () => {
  it('renames: the new name shows in GET /colleges, the staff list and the student record; audited', async () => {
    const college = await createCollege();
    const student = await insertStudent(db, { college: college.name, name: 'طالب الكلية المعاد تسميتها' });
    const name = uniqueName('كلية مجددة');
    const res = await call('PATCH', `/colleges/${college.id}`, { name });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: CONTENT_MESSAGES.collegeSaved,
      data: { id: college.id, name, socialWork: false, tourism: false, dataDeadline: null, hidden: false },
    });
    const listed = await publicList();
    expect(listed.data).toContain(name);
    expect(listed.data).not.toContain(college.name);

    const staffList = await call('POST', '/students/getAllStudents', { faculty: name });
    expect(staffList.statusCode, staffList.body).toBe(200);
    expect(staffList.json().faculty).toBe(name);
    expect(staffList.json().data.map((row: { college: string }) => row.college)).toEqual([name]);
    const record = await call('GET', `/students/record/${student.id}`);
    expect(record.statusCode, record.body).toBe(200);
    expect(record.json().data.student.college).toBe(name);

    const [audit] = await auditRows(college.id, 'college.update');
    expect(audit).toMatchObject({
      faculty: name,
      details: { college: name, before: { name: college.name }, after: { name } },
    });
  });

  it('sets the flags, order and visibility together, auditing only what changed', async () => {
    const college = await createCollege();
    const res = await call('PATCH', `/colleges/${college.id}`, {
      socialWork: true,
      tourism: true,
      sortOrder: 7,
      hidden: true,
      dataDeadline: '2026-12-01T23:59:00+02:00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      id: college.id,
      name: college.name,
      socialWork: true,
      tourism: true,
      dataDeadline: '2026-12-01T21:59:00.000Z',
      hidden: true,
    });
    expect(await collegeRow(college.id)).toMatchObject({ sortOrder: 7, hidden: true, socialWork: true });
    expect((await publicList()).colleges.find((c) => c.id === college.id)?.hidden).toBe(true);
    const [audit] = await auditRows(college.id, 'college.update');
    expect(audit?.details).toEqual({
      college: college.name,
      before: {
        socialWork: false,
        tourism: false,
        sortOrder: college.sortOrder,
        hidden: false,
        dataDeadline: null,
      },
      after: {
        socialWork: true,
        tourism: true,
        sortOrder: 7,
        hidden: true,
        dataDeadline: '2026-12-01T21:59:00.000Z',
      },
    });
  });

  it('answers the deadline alone exactly as the college settings call always did', async () => {
    const college = await createCollege();
    const res = await call('PATCH', `/colleges/${college.id}`, { dataDeadline: null });
    expect(res.json()).toEqual({
      status: 'success',
      message: DEADLINE_MESSAGES.deadlineCleared,
      data: {
        id: college.id,
        name: college.name,
        socialWork: false,
        tourism: false,
        dataDeadline: null,
        hidden: false,
      },
    });
    expect(await auditRows(college.id, 'college.deadline')).toHaveLength(1);
    expect(await auditRows(college.id, 'college.update')).toEqual([]);
  });

  it('refuses a name another college has with 409, nothing changed', async () => {
    const [a, b] = [await createCollege(), await createCollege()];
    const res = await call('PATCH', `/colleges/${a.id}`, { name: b.name, hidden: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(error(CONTENT_MESSAGES.collegeNameTaken));
    expect(await collegeRow(a.id)).toMatchObject({ name: a.name, hidden: false });
    expect(await auditRows(a.id, 'college.update')).toEqual([]);
  });

  it('keeps the tourism flag of a college with programs (409), and drops it once they are gone', async () => {
    const college = await createCollege({ tourism: true });
    const program = await addProgram(college.id);
    const refused = await call('PATCH', `/colleges/${college.id}`, { tourism: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(error(CONTENT_MESSAGES.tourismHasPrograms));
    expect((await collegeRow(college.id))?.tourism).toBe(true);
    expect((await call('DELETE', `/colleges/${college.id}/programs/${program.id}`)).statusCode).toBe(200);
    const accepted = await call('PATCH', `/colleges/${college.id}`, { tourism: false });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.tourism).toBe(false);
  });

  it('answers 404 for an unknown college and 400 for nothing to change', async () => {
    const missing = await call('PATCH', `/colleges/${randomUUID()}`, { name: uniqueName() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(error(DEADLINE_MESSAGES.collegeNotFound));
    const college = await createCollege();
    const empty = await call('PATCH', `/colleges/${college.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual(error(CONTENT_MESSAGES.nothingToChange));
  });

  it.each(['ADMIN', 'SUPPORT'] as const)('is refused to %s, nothing changed', async (role) => {
    const college = await createCollege();
    const res = await call('PATCH', `/colleges/${college.id}`, { name: uniqueName() }, role);
    expect(res.statusCode).toBe(403);
    expect((await collegeRow(college.id))?.name).toBe(college.name);
  });
});

describe('DELETE /colleges/{id}', () => {
  it('deletes a college nobody refers to, with its programs, audited', async () => {
    const college = await createCollege({ tourism: true });
    await addProgram(college.id);
    const res = await call('DELETE', `/colleges/${college.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: CONTENT_MESSAGES.collegeDeleted });
    expect(await collegeRow(college.id)).toBeUndefined();
    expect(await db.select().from(collegePrograms).where(eq(collegePrograms.collegeId, college.id))).toEqual(
      [],
    );
    expect((await publicList()).data).not.toContain(college.name);
    const [audit] = await auditRows(college.id, 'college.delete');
    expect(audit).toMatchObject({ faculty: college.name, details: { college: college.name } });
  });

  it('refuses a college a student or a staff account refers to with 409', async () => {
    const withStudent = await createCollege();
    await insertStudent(db, { college: withStudent.name });
    const withStaff = await createCollege();
    await insertStaff(db, { role: 'ADMIN', faculty: withStaff.name });
    for (const college of [withStudent, withStaff]) {
      const res = await call('DELETE', `/colleges/${college.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(error(CONTENT_MESSAGES.collegeInUse));
      expect(await collegeRow(college.id)).toBeDefined();
      expect(await auditRows(college.id, 'college.delete')).toEqual([]);
    }
  });

  it('answers 404 for an unknown college, 400 for a malformed id, 403 to other roles', async () => {
    expect((await call('DELETE', `/colleges/${randomUUID()}`)).statusCode).toBe(404);
    const malformed = await call('DELETE', '/colleges/12');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual(error(DEADLINE_MESSAGES.collegeIdInvalid));
    const college = await createCollege();
    expect((await call('DELETE', `/colleges/${college.id}`, undefined, 'SUPPORT')).statusCode).toBe(403);
    expect(await collegeRow(college.id)).toBeDefined();
  });
});

describe('programs', () => {
  it('are for tourism colleges only (409), and 404 for an unknown college', async () => {
    const college = await createCollege();
    const res = await call('POST', `/colleges/${college.id}/programs`, { name: 'برنامج ما' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(error(CONTENT_MESSAGES.programsOnlyForTourism));
    const missing = await call('POST', `/colleges/${randomUUID()}/programs`, { name: 'برنامج ما' });
    expect(missing.statusCode).toBe(404);
  });

  it('adds programs last, offered at once on the public list; a taken name is 409', async () => {
    const college = await createCollege({ tourism: true });
    const first = await addProgram(college.id);
    const second = await addProgram(college.id);
    expect(second.sortOrder).toBeGreaterThan(first.sortOrder);
    expect((await publicPrograms(college.name)).json().data.data).toEqual([first.name, second.name]);
    const taken = await call('POST', `/colleges/${college.id}/programs`, { name: first.name });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual(error(CONTENT_MESSAGES.programNameTaken));
    // The same name in another college is another program.
    const other = await createCollege({ tourism: true });
    expect((await call('POST', `/colleges/${other.id}/programs`, { name: first.name })).statusCode).toBe(201);
    const [audit] = await auditRows(college.id, 'college.program.create');
    expect(audit?.details).toMatchObject({
      college: college.name,
      programId: first.id,
      after: { name: first.name },
    });
  });

  it('a rename renames the students’ stored choices in the same transaction, audited', async () => {
    const college = await createCollege({ tourism: true });
    const [a, b, c] = [
      await addProgram(college.id),
      await addProgram(college.id),
      await addProgram(college.id),
    ];
    const chose = await insertStudent(db, {
      college: college.name,
      program1: b.name,
      program2: a.name,
      program3: c.name,
    });
    const chose3 = await insertStudent(db, {
      college: college.name,
      program1: a.name,
      program2: c.name,
      program3: b.name,
    });
    const name = uniqueName('برنامج مجدد');
    const res = await call('PATCH', `/colleges/${college.id}/programs/${a.id}`, { name });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(CONTENT_MESSAGES.programSaved);
    expect(res.json().data.programs.find((p: { id: string }) => p.id === a.id)).toMatchObject({
      name,
      studentCount: 2,
    });
    const rows = await db
      .select({
        id: students.id,
        program1: students.program1,
        program2: students.program2,
        program3: students.program3,
      })
      .from(students)
      .where(eq(students.collegeId, college.id));
    expect(rows).toEqual(
      expect.arrayContaining([
        { id: chose.id, program1: b.name, program2: name, program3: c.name },
        { id: chose3.id, program1: name, program2: c.name, program3: b.name },
      ]),
    );
    expect((await publicPrograms(college.name)).json().data.data).toEqual([name, b.name, c.name]);
    const [audit] = await auditRows(college.id, 'college.program.update');
    expect(audit?.details).toEqual({
      college: college.name,
      programId: a.id,
      before: { name: a.name },
      after: { name },
      studentsRenamed: 2,
    });
  });

  it('a rename to a name the college has is 409, nothing changed', async () => {
    const college = await createCollege({ tourism: true });
    const [a, b] = [await addProgram(college.id), await addProgram(college.id)];
    const res = await call('PATCH', `/colleges/${college.id}/programs/${a.id}`, { name: b.name });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(error(CONTENT_MESSAGES.programNameTaken));
    expect((await db.select().from(collegePrograms).where(eq(collegePrograms.id, a.id)))[0]?.name).toBe(
      a.name,
    );
  });

  it('a program of another college in the path, or an unknown one, is 404', async () => {
    const college = await createCollege({ tourism: true });
    const other = await createCollege({ tourism: true });
    const theirs = await addProgram(other.id);
    for (const programId of [theirs.id, randomUUID()]) {
      for (const [method, body] of [
        ['PATCH', { name: uniqueName() }],
        ['DELETE', undefined],
      ] as const) {
        const res = await call(method, `/colleges/${college.id}/programs/${programId}`, body);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(error(CONTENT_MESSAGES.programNotFound));
      }
    }
    expect((await db.select().from(collegePrograms).where(eq(collegePrograms.id, theirs.id)))[0]?.name).toBe(
      theirs.name,
    );
  });

  it('deletes a program nobody chose, and refuses one a student chose with 409', async () => {
    const college = await createCollege({ tourism: true });
    const [chosen, free] = [await addProgram(college.id), await addProgram(college.id)];
    await insertStudent(db, { college: college.name, program3: chosen.name });
    const refused = await call('DELETE', `/colleges/${college.id}/programs/${chosen.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(error(CONTENT_MESSAGES.programInUse));
    const deleted = await call('DELETE', `/colleges/${college.id}/programs/${free.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ message: CONTENT_MESSAGES.programDeleted });
    expect(deleted.json().data.programs.map((p: { id: string }) => p.id)).toEqual([chosen.id]);
    const audits = await auditRows(college.id, 'college.program.delete');
    expect(audits.map((row) => row.details)).toEqual([
      {
        college: college.name,
        programId: free.id,
        before: { name: free.name, sortOrder: free.sortOrder, hidden: false },
      },
    ]);
  });

  it.each(['ADMIN', 'SUPPORT'] as const)('are refused to %s', async (role) => {
    const college = await createCollege({ tourism: true });
    const program = await addProgram(college.id);
    for (const [method, url, body] of [
      ['POST', `/colleges/${college.id}/programs`, { name: uniqueName() }],
      ['PATCH', `/colleges/${college.id}/programs/${program.id}`, { name: uniqueName() }],
      ['DELETE', `/colleges/${college.id}/programs/${program.id}`, undefined],
    ] as const) {
      const res = await call(method, url, body, role);
      expect(res.statusCode).toBe(403);
    }
    expect(
      await db.select().from(collegePrograms).where(eq(collegePrograms.collegeId, college.id)),
    ).toHaveLength(1);
  });
});

describe('a hidden college and a hidden program', () => {
  it('refuses a student list for a hidden college with 400, nothing stored', async () => {
    const college = await createCollege();
    await call('PATCH', `/colleges/${college.id}`, { hidden: true });
    const nationalId = fixtureNationalId();
    const file = await xlsxOf([
      ARABIC_HEADERS,
      ['طالب كلية مخفية', nationalId, '100', '01012345678', 'ذكر', 300, 75],
    ]);
    const res = await injectAs(app, 'SUPERADMIN', {
      method: 'POST',
      url: `${API}/students/upload`,
      ...multipartBody({ faculty: college.name, status: 'regular' }, [
        { field: 'file', filename: 'طلاب.xlsx', content: file, contentType: 'application/octet-stream' },
      ]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(CONTENT_MESSAGES.collegeHidden));
    expect(await db.select().from(students).where(eq(students.nationalId, nationalId))).toEqual([]);
    expect(await auditRows(college.id, 'students.upload')).toEqual([]);
  });

  it('is no longer offered, but a student who chose it may resubmit the stored choice', async () => {
    const college = await createCollege({ tourism: true });
    const [a, b, c, d] = [
      await addProgram(college.id),
      await addProgram(college.id),
      await addProgram(college.id),
      await addProgram(college.id),
    ];
    const fields = { ...COMPLETE_DATA_FIELDS, program1: a.name, program2: b.name, program3: c.name };
    const photos = IMAGE_KINDS.map((kind, i) => ({
      filename: photoFileName(`صورة ${kind}.png`, kind),
      content: kind === 'personalPhoto' ? tinyJpeg(kind) : tinyPng([10 * i, 1, 99]),
    }));
    const submit = async (id: string, cookie: string, withPhotos: boolean, values = fields) => {
      const body = multipartBody(values, withPhotos ? photos : []);
      return app.inject({
        method: 'PATCH',
        url: `${API}/students/completeStudentData/${id}`,
        headers: { ...body.headers, cookie },
        payload: body.payload,
      });
    };
    const student = await insertStudent(db, { college: college.name });
    const cookie = await loginStudent(app, student.nationalId);
    expect((await submit(student.id, cookie, true)).statusCode).toBe(200);

    expect(
      (await call('PATCH', `/colleges/${college.id}/programs/${a.id}`, { hidden: true })).statusCode,
    ).toBe(200);
    expect((await publicPrograms(college.name)).json().data.data).toEqual([b.name, c.name, d.name]);

    const resubmit = await submit(student.id, cookie, false);
    expect(resubmit.statusCode, resubmit.body).toBe(200);
    // Another student, who never chose it, cannot.
    const other = await insertStudent(db, { college: college.name });
    const otherCookie = await loginStudent(app, other.nationalId);
    const refused = await submit(other.id, otherCookie, true);
    expect(refused.statusCode).toBe(400);
    expect((await submit(other.id, otherCookie, true, { ...fields, program1: d.name })).statusCode).toBe(200);
  });
});

describe('the instance caches', async () => {
  /** A second instance of the portal on this database, as behind a load balancer. */
  const other = await createSecondInstance(database.url);

  it('serve GET /colleges without a query per request, and another instance shows a rename within 1 s', async () => {
    const college = await createCollege({ tourism: true });
    const program = await addProgram(college.id);
    const listOn = async (instance: App) =>
      (await instance.inject({ method: 'GET', url: `${API}/colleges` })).json().data.data as string[];
    await vi.waitFor(async () => expect(await listOn(other)).toContain(college.name), { timeout: 1000 });
    expect((await publicPrograms(college.name, other)).json().data.data).toEqual([program.name]);

    const name = uniqueName('كلية على نسختين');
    const programName = uniqueName('برنامج على نسختين');
    await call('PATCH', `/colleges/${college.id}`, { name });
    await call('PATCH', `/colleges/${college.id}/programs/${program.id}`, { name: programName });
    const started = Date.now();
    await vi.waitFor(
      async () => {
        expect(await listOn(other)).toContain(name);
        expect((await publicPrograms(name, other)).json().data.data).toEqual([programName]);
      },
      { timeout: 1000, interval: 50 },
    );
    expect(Date.now() - started).toBeLessThan(1000);

    // Cached: a change made behind the portal's back (no counter raised) is not seen by either instance. Both
    // hold the newest version first, so no poll still to come loads the list again.
    await vi.waitFor(() => expect(other.content.version('colleges')).toBe(app.content.version('colleges')), {
      timeout: 1000,
    });
    expect(await listOn(other)).toContain(name);
    expect(await listOn(app)).toContain(name);
    await db
      .update(colleges)
      .set({ name: `${name} خلسة` })
      .where(eq(colleges.id, college.id));
    expect(await listOn(app)).toContain(name);
    expect(await listOn(other)).toContain(name);
    await db.update(colleges).set({ name }).where(eq(colleges.id, college.id));
  });

  it('keeps only visible programs on the public list, and 404 for a college without programs', async () => {
    const plain = await createCollege();
    const res = await publicPrograms(plain.name);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(error(MESSAGES.collegeNotTourism));
    expect(
      await db
        .select()
        .from(colleges)
        .where(like(colleges.name, `${plain.name}%`)),
    ).toHaveLength(1);
  });
});
