import { type AppointStudentsResponse, addDays, MESSAGES, nextSchedulingDay } from '@portal/common';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { injectAs, insertStaff, type TestStaff } from '../../../test/auth-helpers.js';
import { createTestApp, createTestDatabase } from '../../../test/test-app.js';
import { recordAudit } from '../../db/audit-trail.js';
import { openDatabase } from '../../db/pool.js';
import { appointments, auditLog, students } from '../../db/schema/index.js';
import { schedulingRepository } from './scheduling.repository.js';
import { pickForAppointment, universityToday } from './scheduling.rules.js';
import { schedulingService } from './scheduling.service.js';
import { insertWaitingStudents } from './testing/waiting-students.js';

/**
 * Issue item 4: staff scheduling at the same moment never give a student two appointments and never skip one.
 * Over HTTP (the app's pool of 5 connections) and straight on the service with 20 connections, so that all
 * 20 transactions are open at once.
 */
const { app, database } = await createTestApp();
const db = database.db;
const DAY = nextSchedulingDay(addDays(universityToday(new Date(), 'Africa/Cairo'), 1), [5, 6]);
const CALLS = 20;
const EACH = 10;

let staff: TestStaff[] = [];

beforeEach(async () => {
  await db.delete(appointments);
  await db.delete(students);
  await db.execute(sql`TRUNCATE audit_log`);
  if (staff.length === 0)
    staff = [
      await insertStaff(db, { role: 'SOCIAL_ADMIN' }),
      await insertStaff(db, { role: 'SOCIAL_ADMIN' }),
      await insertStaff(db, { role: 'SUPERADMIN' }),
    ];
});

async function appointedIds(handle = db): Promise<string[]> {
  const rows = await handle.select({ id: appointments.studentId }).from(appointments);
  return rows.map((row) => row.id);
}

function parallelAppoints(period: 9 | 12 = 9) {
  return Promise.all(
    Array.from({ length: CALLS }, (_, i) =>
      injectAs(app, staff[i % staff.length] as TestStaff, {
        method: 'PATCH',
        url: '/api/v1/users/appointStudents',
        payload: { date: DAY, period, NumOfStudents: EACH },
      }),
    ),
  );
}

describe(`${CALLS} parallel appointStudents calls of ${EACH} each`, () => {
  it('appoint exactly the 200 earliest of 300 waiting, each once, each call its full 10', async () => {
    const waiting = await insertWaitingStudents(db, 300, { stepMs: -1000 });
    const responses = await parallelAppoints();
    expect(responses.map((r) => r.statusCode)).toEqual(Array(CALLS).fill(200));
    expect(responses.map((r) => r.json<AppointStudentsResponse>().data.appointed)).toEqual(
      Array(CALLS).fill(EACH),
    );

    const ids = await appointedIds();
    expect(ids).toHaveLength(CALLS * EACH);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(
      pickForAppointment(waiting, CALLS * EACH)
        .map((s) => s.id)
        .sort(),
    );

    // One audit row per call; together they name every appointed student once.
    const audits = await db.select({ details: auditLog.details }).from(auditLog);
    expect(audits).toHaveLength(CALLS);
    const audited = audits.flatMap((row) => (row.details as { studentIds: string[] }).studentIds);
    expect([...audited].sort()).toEqual([...ids].sort());
  });

  it('share out 150 waiting students without doubling or losing one', async () => {
    await insertWaitingStudents(db, 150);
    const responses = await parallelAppoints(12);
    const ok = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode !== 200);
    for (const r of refused)
      expect(r.json()).toEqual({ status: 'error', message: MESSAGES.noStudentsWaiting });
    expect(refused.every((r) => r.statusCode === 409)).toBe(true);

    const total = ok.reduce((sum, r) => sum + r.json<AppointStudentsResponse>().data.appointed, 0);
    expect(total).toBe(150);
    const ids = await appointedIds();
    expect(ids).toHaveLength(150);
    expect(new Set(ids).size).toBe(150);
    expect(await db.select().from(auditLog)).toHaveLength(ok.length);
  });
});

// A database of its own with a pool wide enough for every call to hold a connection at the same time.
const own = await createTestDatabase();
const wide = openDatabase(own.url, CALLS + 2);
afterAll(() => wide.pool.end());

describe('on 20 connections at once', async () => {
  const service = schedulingService({
    repository: schedulingRepository(wide.db),
    audit: (entry, tx) => recordAudit(tx ?? wide.db, entry),
    timeZone: 'Africa/Cairo',
    weekendDays: [5, 6],
  });
  const actor = await insertStaff(wide.db, { role: 'SOCIAL_ADMIN' });

  beforeEach(async () => {
    await wide.db.delete(appointments);
    await wide.db.delete(students);
  });

  it('20 simultaneous transactions take 20 disjoint runs of the earliest students', async () => {
    const waiting = await insertWaitingStudents(wide.db, 250, { stepMs: 7_000 });
    const results = await Promise.all(
      Array.from({ length: CALLS }, () =>
        service.appoint(actor, { date: DAY, period: 9, NumOfStudents: EACH }, { ip: '127.0.0.1' }),
      ),
    );
    expect(results.map((r) => r.data.appointed)).toEqual(Array(CALLS).fill(EACH));
    const ids = await appointedIds(wide.db);
    expect(new Set(ids).size).toBe(CALLS * EACH);
    expect([...ids].sort()).toEqual(
      pickForAppointment(waiting, CALLS * EACH)
        .map((s) => s.id)
        .sort(),
    );
  });

  /** Waits until some session of the test database is blocked on a lock. */
  async function someoneWaitsOnALock() {
    for (let i = 0; i < 100; i++) {
      const result = await wide.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if ((result.rows[0]?.n ?? 0) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('no session ever waited on a lock');
  }

  it.each([
    ['commits', 'COMMIT', 4],
    ['rolls back', 'ROLLBACK', 3],
  ] as const)(
    'takes the next student when another appointment of the first one %s meanwhile',
    async (_, end, rows) => {
      const waiting = await insertWaitingStudents(wide.db, 5);
      const [first] = pickForAppointment(waiting, 1);
      // The narrow window of a real race: another call's appointment of the earliest student is not yet
      // committed when this call's statement takes its snapshot, and no longer holds the student's row when this
      // call locks it. Played here by a writer whose foreign-key check (the KEY SHARE lock on the student that
      // would make SKIP LOCKED pass the student by) is switched off (session_replication_role, superuser), its
      // transaction left open: this call's INSERT has to wait for that transaction's outcome.
      const other = new pg.Client({ connectionString: own.url });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query("SET LOCAL session_replication_role = 'replica'");
        await other.query(
          `INSERT INTO appointments (student_id, appointed_day, appointed_hour) VALUES ($1, $2, 12)`,
          [first?.id, DAY],
        );
        const call = service.appoint(actor, { date: DAY, period: 9, NumOfStudents: 3 }, { ip: '127.0.0.1' });
        await Promise.race([someoneWaitsOnALock(), call]);
        await other.query(end);
        const result = await call;
        expect(result.data.appointed).toBe(3);
        const ids = await appointedIds(wide.db);
        expect(ids).toHaveLength(rows);
        expect(new Set(ids).size).toBe(rows);
        const expected = pickForAppointment(waiting, 4).map((s) => s.id);
        expect(ids).toEqual(expect.arrayContaining(end === 'COMMIT' ? expected : expected.slice(0, 3)));
      } finally {
        await other.end();
      }
    },
  );
});
