import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { MESSAGES, REVIEW_MESSAGES, type StaffRole } from '@portal/common';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  insertStaff,
  OTHER_FACULTY,
  staffWithRole,
  TEST_FACULTY,
  type TestStaff,
  tokenFor,
} from '../../../test/auth-helpers.js';
import { loginStudent } from '../../../test/builders.js';
import { insertReviewableStudent, type ReviewableStudent } from '../../../test/documents.js';
import { passStepUp } from '../../../test/step-up.js';
import { createTestApp } from '../../../test/test-app.js';
import { auditLog } from '../../db/schema/index.js';
import { SOCIAL_WORK_COLLEGE } from '../../setup/seed/colleges.js';
import { localDiskStorage } from '../../storage/local-disk-storage.js';
import { type ObjectStorage, StorageError } from '../../storage/storage.js';

/** The real local store; `failGet` makes reads fail as an unreachable store would. */
const faults = { failGet: false };
function faultyStorage(inner: ObjectStorage): ObjectStorage {
  return {
    ...inner,
    async get(key) {
      if (faults.failGet) throw new StorageError('get', key);
      return inner.get(key);
    },
  };
}

const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '10000' }, (dataDir) => ({
  storage: faultyStorage(localDiskStorage(path.join(dataDir, 'images'))),
}));
const db = database.db;
beforeEach(() => {
  faults.failGet = false;
});

const url = (id: string, kind = 'birthCertificate') => `/api/v1/students/document/${id}/${kind}`;
const error = (message: string) => ({ status: 'error', message });

function get(target: string, headers: InjectOptions['headers'] = {}) {
  return app.inject({ method: 'GET', url: target, headers });
}
async function asStaff(who: StaffRole | TestStaff, target: string) {
  const staff = typeof who === 'string' ? await staffWithRole(app, who) : who;
  return get(target, bearer(await tokenFor(app, staff)));
}

async function documentViews(studentId: string) {
  return db
    .select({ actor: auditLog.actorUserName, details: auditLog.details, targetType: auditLog.targetType })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'student.document_view'), eq(auditLog.targetId, studentId)));
}

let commerce: ReviewableStudent;
let commerceCookie: string;
let socialWork: ReviewableStudent;
let socialWorkCookie: string;

beforeAll(async () => {
  commerce = await insertReviewableStudent(app, { college: TEST_FACULTY });
  commerceCookie = await loginStudent(app, commerce.nationalId);
  await passStepUp(app, commerceCookie, commerce.id);
  socialWork = await insertReviewableStudent(app, { college: SOCIAL_WORK_COLLEGE });
  socialWorkCookie = await loginStudent(app, socialWork.nationalId);
});

function expectImage(res: Awaited<ReturnType<typeof get>>, student: ReviewableStudent, kind: string) {
  const stored = student.documents.get(kind as never);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe(stored?.contentType);
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(res.rawPayload.equals(stored?.bytes ?? Buffer.alloc(0))).toBe(true);
}

describe("GET /students/document/:id/:kind: the student's own session", () => {
  it('answers its own image with its content type, never cached, and writes no audit row', async () => {
    expectImage(await get(url(commerce.id), { cookie: commerceCookie }), commerce, 'birthCertificate');
    expectImage(
      await get(url(commerce.id, 'personalPhoto'), { cookie: commerceCookie }),
      commerce,
      'personalPhoto',
    );
    expect(await documentViews(commerce.id)).toEqual([]);
  });

  it("refuses another student's document with 403 and its bytes nowhere", async () => {
    const res = await get(url(socialWork.id), { cookie: commerceCookie });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(error(MESSAGES.forbidden));
    expect(res.headers['content-type']).not.toMatch(/^image\//);
  });

  it('refuses a request without any credential with 401, before looking at the id or kind', async () => {
    for (const target of [url(commerce.id), url('not-an-id', 'nothing')]) {
      const res = await get(target);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(error(MESSAGES.studentSessionExpired));
    }
  });

  it('answers 404 for a kind the student never stored, 400 for an unknown kind', async () => {
    const partial = await insertReviewableStudent(app, { college: TEST_FACULTY }, { kinds: ['frontIdCard'] });
    const cookie = await loginStudent(app, partial.nationalId);
    await passStepUp(app, cookie, partial.id);
    const missing = await get(url(partial.id, 'nominationCard'), { cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(error(MESSAGES.photoNotFound));
    const unknown = await get(url(partial.id, 'passport'), { cookie });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(error(MESSAGES.photoKindUnknown));
  });
});

describe('GET /students/document/:id/:kind: staff', () => {
  it.each<[string, () => Promise<StaffRole | TestStaff>, () => ReviewableStudent]>([
    ['SUPERADMIN, any student', async () => 'SUPERADMIN', () => socialWork],
    ['SUPPORT, any student', async () => 'SUPPORT', () => commerce],
    ["ADMIN, its own faculty's student", async () => 'ADMIN', () => commerce],
    ['SOCIAL_ADMIN, a social-work student', async () => 'SOCIAL_ADMIN', () => socialWork],
  ])('lets %s read the image, never cached, and audits the read', async (_, who, student) => {
    const staff = await who();
    const account = typeof staff === 'string' ? await staffWithRole(app, staff) : staff;
    const before = (await documentViews(student().id)).length;
    expectImage(
      await asStaff(staff, url(student().id, 'secondarySchoolCertificate')),
      student(),
      'secondarySchoolCertificate',
    );
    const views = await documentViews(student().id);
    expect(views).toHaveLength(before + 1);
    expect(views).toContainEqual({
      actor: account.userName,
      details: { kind: 'secondarySchoolCertificate' },
      targetType: 'student',
    });
  });

  it.each<[string, StaffRole | (() => Promise<TestStaff>), () => ReviewableStudent]>([
    [
      "ADMIN, another faculty's student",
      () => insertStaff(db, { role: 'ADMIN', faculty: OTHER_FACULTY }),
      () => commerce,
    ],
    ['SOCIAL_ADMIN, a student of a college without social work', 'SOCIAL_ADMIN', () => commerce],
    ['ADMIN, a social-work student', 'ADMIN', () => socialWork],
  ])('refuses %s with 403, auditing nothing', async (_, who, student) => {
    const staff = typeof who === 'function' ? await who() : who;
    const before = await documentViews(student().id);
    const res = await asStaff(staff, url(student().id));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(error(REVIEW_MESSAGES.studentOutsideScope));
    expect(res.headers['content-type']).not.toMatch(/^image\//);
    expect(await documentViews(student().id)).toEqual(before);
  });

  it("lets staff in beside a student cookie that is someone else's", async () => {
    const res = await get(url(commerce.id), {
      ...bearer(await tokenFor(app, await staffWithRole(app, 'SUPPORT'))),
      cookie: socialWorkCookie,
    });
    expectImage(res, commerce, 'birthCertificate');
  });

  it('refuses a token that does not verify with 401, and an account that must change its password with 403', async () => {
    for (const header of [{ authorization: 'Bearer not.a.token' }, { authorization: 'Bearer' }]) {
      const res = await get(url(commerce.id), header);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/[\u0600-\u06ff]/);
    }
    const fresh = await insertStaff(db, { role: 'SUPERADMIN', passwordChanged: false });
    const res = await asStaff(fresh, url(commerce.id));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(error(MESSAGES.changePasswordFirst));
  });

  it('answers 404 for an unknown student and 400 for a malformed id, auditing nothing', async () => {
    const unknown = randomUUID();
    const res = await asStaff('SUPERADMIN', url(unknown));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(error(MESSAGES.studentRecordNotFound));
    expect(await documentViews(unknown)).toEqual([]);
    const malformed = await asStaff('SUPERADMIN', url('1234'));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual(error(MESSAGES.studentIdInvalid));
  });

  it('answers 404 when the recorded file is gone from the storage and 503 when the storage fails, auditing nothing', async () => {
    const student = await insertReviewableStudent(app, { college: TEST_FACULTY });
    await app.storage.delete(student.documents.get('birthCertificate')?.key ?? '');
    const gone = await asStaff('SUPERADMIN', url(student.id));
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual(error(MESSAGES.photoNotFound));

    faults.failGet = true;
    const failing = await asStaff('SUPERADMIN', url(student.id, 'frontIdCard'));
    expect(failing.statusCode).toBe(503);
    expect(failing.json()).toEqual(error(MESSAGES.storageUnavailable));
    expect(await documentViews(student.id)).toEqual([]);
  });

  it('has no HEAD route: a HEAD would audit a read that sends nothing', async () => {
    const res = await app.inject({
      method: 'HEAD',
      url: url(commerce.id),
      headers: bearer(await tokenFor(app, await staffWithRole(app, 'SUPERADMIN'))),
    });
    expect(res.statusCode).toBe(404);
  });
});
