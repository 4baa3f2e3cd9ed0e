import {
  DOCUMENTS_STATUSES,
  FUNNEL_MESSAGES,
  FUNNEL_STATES,
  type FunnelDaily,
  type FunnelData,
  IMAGE_KINDS,
  MESSAGES,
  PROGRESS_STEPS,
  type StaffRole,
  studentProgress,
} from '@portal/common';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { injectAs, insertStaff, TEST_FACULTY, type TestStaff } from '../../../test/auth-helpers.js';
import { insertStudent, loginStudent } from '../../../test/builders.js';
import { createTestApp } from '../../../test/test-app.js';
import { appointments, auditLog, studentImages, students } from '../../db/schema/index.js';
import { SOCIAL_WORK_COLLEGE } from '../../setup/seed/colleges.js';

const { app, database } = await createTestApp();
const db = database.db;

/** A small deterministic generator, so that a failure can be replayed. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

interface Seeded {
  faculty: string;
  socialWork: boolean;
  flags: {
    isPassed: boolean;
    isCompletedAdditionalQuestions: boolean;
    isComplete: boolean;
    documentsStatus: (typeof DOCUMENTS_STATUSES)[number];
    appointed: boolean;
    formsDownloaded: boolean;
  };
}
const seeded: Seeded[] = [];
let socialAdmin: TestStaff;

/**
 * Students with random inputs of the tracker (including combinations the routing never makes), in the ADMIN's
 * faculty and in social work; some with appointments and refused documents.
 */
beforeAll(async () => {
  const random = generator(36);
  const pick = () => random() < 0.6;
  for (const [faculty, socialWork, count] of [
    [TEST_FACULTY, false, 70],
    [SOCIAL_WORK_COLLEGE, true, 50],
  ] as const) {
    for (let index = 0; index < count; index++) {
      const flags = {
        isPassed: pick(),
        isCompletedAdditionalQuestions: pick(),
        isComplete: pick(),
        documentsStatus: DOCUMENTS_STATUSES[Math.floor(random() * 4)] ?? 'none',
        appointed: socialWork && pick(),
        formsDownloaded: random() < 0.3,
      };
      const row = await insertStudent(db, {
        college: faculty,
        name: `طالب المسار ${index}`,
        isPassed: flags.isPassed,
        isCompletedAdditionalQuestions: flags.isCompletedAdditionalQuestions,
        isComplete: flags.isComplete,
        completedAt: flags.isComplete ? new Date() : null,
        documentsStatus: flags.documentsStatus,
        formsDownloadedAt: flags.formsDownloaded ? new Date() : null,
        email: index % 2 ? `s${index}@example.com` : null,
      });
      if (flags.appointed)
        await db
          .insert(appointments)
          .values({ studentId: row.id, appointedDay: '2026-09-01', appointedHour: 9 });
      if (flags.documentsStatus === 'needsReupload') {
        await db.insert(studentImages).values({
          studentId: row.id,
          kind: IMAGE_KINDS[index % IMAGE_KINDS.length] ?? 'personalPhoto',
          storageKey: `funnel-test/${row.id}`,
          contentType: 'image/png',
          sizeBytes: 10,
          sha256: '0'.repeat(64),
          reviewStatus: 'rejected',
          reviewReason: index % 2 ? 'unreadable' : 'cropped',
        });
      }
      seeded.push({ faculty, socialWork, flags });
    }
  }
  socialAdmin = await insertStaff(db, { role: 'SOCIAL_ADMIN' });
});

const get = (who: StaffRole | TestStaff, url: string) => injectAs(app, who, { method: 'GET', url });
const funnelOf = async (who: StaffRole | TestStaff, query = '') => {
  const res = await get(who, `/api/v1/funnel${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as FunnelData;
};

/** What each student's own tracker says, counted one student at a time. */
function expectedCounts(faculty: string) {
  const counts = new Map<string, number>();
  for (const student of seeded.filter((candidate) => candidate.faculty === faculty)) {
    for (const entry of studentProgress({
      ...student.flags,
      socialWork: student.socialWork,
      documents: [],
    })) {
      const key = `${entry.step}:${entry.state}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

describe('GET /funnel', () => {
  it("counts every step as each student's own tracker shows it, per faculty and in total", async () => {
    const data = await funnelOf('SUPERADMIN');
    for (const faculty of [TEST_FACULTY, SOCIAL_WORK_COLLEGE]) {
      const row = data.faculties.find((candidate) => candidate.faculty === faculty);
      const expected = expectedCounts(faculty);
      expect(row?.students).toBe(seeded.filter((student) => student.faculty === faculty).length);
      for (const step of row?.steps ?? []) {
        for (const state of FUNNEL_STATES)
          expect(step[state], `${faculty} ${step.step} ${state}`).toBe(
            expected.get(`${step.step}:${state}`) ?? 0,
          );
      }
    }
    expect(data.total.students).toBe(seeded.length);
    const blocked = data.total.steps.find((step) => step.step === 'documents')?.blocked;
    expect(blocked).toBeGreaterThan(0);
  });

  it("agrees with the student list and the staff message's preview for every step and state", async () => {
    for (const faculty of [TEST_FACULTY, SOCIAL_WORK_COLLEGE]) {
      const row = (await funnelOf('SUPERADMIN', `?faculty=${encodeURIComponent(faculty)}`)).faculties[0];
      expect(row?.faculty).toBe(faculty);
      for (const step of PROGRESS_STEPS) {
        for (const state of FUNNEL_STATES) {
          const count = row?.steps.find((candidate) => candidate.step === step)?.[state];
          const list = await injectAs(app, 'SUPERADMIN', {
            method: 'POST',
            url: '/api/v1/students/getAllStudents?limit=500',
            payload: { faculty, progress: { step, state } },
          });
          expect(list.statusCode, list.body).toBe(200);
          const body = list.json();
          expect(body.filteredStudentsNumber, `${faculty} ${step} ${state}`).toBe(count);
          expect(body.data).toHaveLength(count ?? -1);
          const preview = await injectAs(app, 'SUPERADMIN', {
            method: 'POST',
            url: '/api/v1/notifications/preview',
            payload: {
              faculty,
              filter: { audience: 'progress', progress: { step, state } },
              channels: ['email'],
            },
          });
          if (count === 0) expect(preview.statusCode).toBe(200);
          expect(preview.json().data.students, `preview ${faculty} ${step} ${state}`).toBe(count);
        }
      }
    }
  });

  it('lists the refusals per faculty, kind and reason', async () => {
    const data = await funnelOf('SUPERADMIN');
    const refused = seeded.filter((student) => student.flags.documentsStatus === 'needsReupload').length;
    expect(data.refusals.reduce((sum, refusal) => sum + refusal.count, 0)).toBe(refused);
    expect(new Set(data.refusals.map((refusal) => refusal.faculty))).toEqual(
      new Set([TEST_FACULTY, SOCIAL_WORK_COLLEGE]),
    );
  });

  it('confines a faculty ADMIN to its own faculty and a SOCIAL_ADMIN to social work; audits the read', async () => {
    const own = await funnelOf('ADMIN');
    expect(own.faculties.map((row) => row.faculty)).toEqual([TEST_FACULTY]);
    const other = await get('ADMIN', `/api/v1/funnel?faculty=${encodeURIComponent(SOCIAL_WORK_COLLEGE)}`);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(MESSAGES.otherFacultyForbidden);

    const social = await funnelOf(socialAdmin);
    expect(social.faculties.map((row) => row.faculty)).toEqual([SOCIAL_WORK_COLLEGE]);
    const outside = await get(socialAdmin, `/api/v1/funnel?faculty=${encodeURIComponent(TEST_FACULTY)}`);
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe(FUNNEL_MESSAGES.facultyOutsideScope);

    const rows = await db.select().from(auditLog).where(eq(auditLog.action, 'funnel.read'));
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses an unknown faculty or season in Arabic', async () => {
    const faculty = await get('SUPPORT', `/api/v1/funnel?faculty=${encodeURIComponent('كلية لا توجد')}`);
    expect(faculty.statusCode).toBe(400);
    expect(faculty.json().message).toBe(MESSAGES.collegeNotFound);
    const season = await get('SUPPORT', '/api/v1/funnel?season=00000000-0000-4000-8000-000000000000');
    expect(season.statusCode).toBe(404);
    expect(season.json().message).toBe(FUNNEL_MESSAGES.seasonNotFound);
  });
});

describe('GET /funnel/daily', () => {
  it('counts each day of the range and gives the medians', async () => {
    const [one] = await db.select({ id: students.id }).from(students).limit(1);
    await db.execute(sql`UPDATE students SET created_at = now() - interval '3 days',
      completed_at = now() - interval '1 day', documents_accepted_at = now(), first_login_at = now()
      WHERE id = ${one?.id}`);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const res = await get('SUPERADMIN', `/api/v1/funnel/daily?from=${day(-10)}&to=${day(1)}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as FunnelDaily;
    const sum = (series: 'imported' | 'dataCompleted' | 'documentsAccepted' | 'firstLogin') =>
      data.days.reduce((total, day) => total + day[series], 0);
    expect(sum('imported')).toBe(seeded.length);
    expect(sum('documentsAccepted')).toBe(1);
    expect(sum('firstLogin')).toBe(1);
    expect(sum('dataCompleted')).toBe(seeded.filter((student) => student.flags.isComplete).length);
    expect(data.medianDays.completeToAccepted).toBe(1);
    expect(data.to >= data.from).toBe(true);
  });

  it('refuses a backwards, too long or malformed range in Arabic', async () => {
    for (const [query, message] of [
      ['from=2026-05-02&to=2026-05-01', FUNNEL_MESSAGES.rangeBackwards],
      ['from=2025-01-01&to=2026-05-01', FUNNEL_MESSAGES.rangeTooLong],
      ['from=2026-02-30', FUNNEL_MESSAGES.dateInvalid],
      ['to=yesterday', FUNNEL_MESSAGES.dateInvalid],
    ] as const) {
      const res = await get('SUPERADMIN', `/api/v1/funnel/daily?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});

describe('the first login', () => {
  it('is recorded by the login that finds it empty, and kept by the later ones', async () => {
    const student = await insertStudent(db, { college: TEST_FACULTY });
    const firstLogin = async () =>
      (await db.select({ at: students.firstLoginAt }).from(students).where(eq(students.id, student.id)))[0]
        ?.at;
    await loginStudent(app, student.nationalId);
    const first = await firstLogin();
    expect(first).toBeInstanceOf(Date);
    await loginStudent(app, student.nationalId);
    expect(await firstLogin()).toEqual(first);
  });
});

describe('POST /funnel/export', () => {
  it('answers a signed link whose download is an .xlsx workbook, audited', async () => {
    const res = await injectAs(app, 'ADMIN', { method: 'POST', url: '/api/v1/funnel/export', payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    const path = res.json().path as string;
    expect(path).toMatch(/^\/api\/v1\/funnel\/export\//);
    const file = await app.inject({ method: 'GET', url: path });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const tampered = await app.inject({ method: 'GET', url: `${path.slice(0, -3)}AAA` });
    expect(tampered.statusCode).toBe(403);
    const rows = await db.select().from(auditLog).where(eq(auditLog.action, 'funnel.export_download'));
    expect(rows).toHaveLength(1);
  });
});
