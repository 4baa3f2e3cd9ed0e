import { MESSAGES, SEAT_NO_MESSAGES } from '@portal/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { insertStudent, randomNationalId } from '../../../test/builders.js';
import { createTestApp } from '../../../test/test-app.js';
import { poolOf } from '../../db/pool.js';
import { STUDENT_SESSION_COOKIE } from '../student-session/index.js';

/**
 * Issue 20, item 4: with STUDENT_SECOND_FACTOR=seatNo a student logs in with the national ID and the seat number
 * of the imported list; a wrong or missing pair is answered exactly as an unknown national ID, with one statement.
 * Without the setting the seat number changes nothing.
 */
const seatMode = await createTestApp({ STUDENT_SECOND_FACTOR: 'seatNo', STUDENT_LOOKUP_RATE_LIMIT: '10000' });
const offMode = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '10000' });
const limited = await createTestApp({ STUDENT_SECOND_FACTOR: 'seatNo', STUDENT_LOOKUP_RATE_LIMIT: '3' });

type Portal = typeof seatMode;

const lookup = (portal: Portal, payload: object) =>
  portal.app.inject({ method: 'POST', url: '/api/v1/students/getStudent', payload });

let nextAddress = 1;
function postForm(portal: Portal, fields: Record<string, string>) {
  return portal.app.inject({
    method: 'POST',
    url: '/api/v1/students/loginForm',
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: `10.20.0.${nextAddress++}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
  });
}

/** The lookup guard's count of an unknown national ID (decision 18): an intended write, after the lookup's 404. */
const MISS_COUNTED = 'lookup guard: miss counted';
/** The guard's read of its shared state, which an instance makes at most once a second (decision 18). */
const GUARD_STATE_READ = 'lookup guard: state read';
/** The staged uploads' sweep, which every app starts in the background once ready (issue 34), on the same pool. */
const STAGED_SWEEP = 'staged uploads: sweep';

/** A statement by its name, or for the guard's unnamed ones (no Redis in tests) by what it does. */
function statementName(config: { name?: string; text?: string }): string {
  if (config.name) return config.name;
  const text = config.text ?? '';
  if (/INSERT INTO student_lookup_misses/.test(text)) return MISS_COUNTED;
  if (/^\s*SELECT[^;]*FROM student_lookup_misses\s*$/.test(text)) return GUARD_STATE_READ;
  if (/^select "id" from "staged_uploads" where "staged_uploads"."created_at" </.test(text))
    return STAGED_SWEEP;
  return 'unnamed';
}

/**
 * The statements the lookup ran on the pool the portal serves on while `act` ran, without the guard's state read
 * and the background sweep started with the app: whether those fall within `act` depends on the clock, not on the
 * request (any other statement is kept).
 */
async function statementsOf(portal: Portal, act: () => Promise<unknown>): Promise<string[]> {
  const pool = poolOf(portal.app.db);
  if (!pool) throw new Error('no pool');
  const spy = vi.spyOn(pool, 'query');
  await act();
  const names = spy.mock.calls.map(([config]: unknown[]) =>
    statementName(
      typeof config === 'string' ? { text: config } : (config as { name?: string; text?: string }),
    ),
  );
  spy.mockRestore();
  return names.filter((name) => name !== GUARD_STATE_READ && name !== STAGED_SWEEP);
}

afterEach(() => {
  vi.restoreAllMocks();
});

const toArabicIndic = (digits: string) =>
  digits.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

const UNKNOWN = { status: 'error', message: MESSAGES.studentNotRegistered };

describe('POST /students/getStudent with STUDENT_SECOND_FACTOR=seatNo', () => {
  it('logs the student in with the pair, and opens the session', async () => {
    const student = await insertStudent(seatMode.database.db, { seatNo: '741852' });
    const res = await lookup(seatMode, { nationalID: student.nationalId, seatNo: '741852' });
    expect(res.statusCode).toBe(200);
    expect(res.json()._id).toBe(student.id);
    expect(res.cookies.some((c) => c.name === STUDENT_SESSION_COOKIE)).toBe(true);
  });

  it('normalises the seat number as the import does: Arabic-Indic digits, spaces, dashes, invisible marks', async () => {
    const student = await insertStudent(seatMode.database.db, { seatNo: 'A1234' });
    for (const typed of [`A${toArabicIndic('1234')}`, ' A 12-34 ', '\u200fA1234\u200f']) {
      const res = await lookup(seatMode, { nationalID: student.nationalId, seatNo: typed });
      expect(res.statusCode, typed).toBe(200);
    }
  });

  it('answers a wrong seat number, a missing one and a right one under a wrong national ID exactly as an unknown national ID', async () => {
    const student = await insertStudent(seatMode.database.db, { seatNo: '963852' });
    const unknown = await lookup(seatMode, { nationalID: randomNationalId(), seatNo: '963852' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(UNKNOWN);
    const headersOf = (res: typeof unknown) => {
      // The limit's countdown moves with the clock between two requests; it says nothing of the pair.
      const {
        date: _date,
        'x-request-id': _id,
        'x-ratelimit-remaining': _left,
        'x-ratelimit-reset': _reset,
        ...rest
      } = res.headers;
      return rest;
    };
    for (const payload of [
      { nationalID: student.nationalId, seatNo: '963853' },
      { nationalID: student.nationalId },
      { nationalID: student.nationalId, seatNo: '' },
      { nationalID: randomNationalId(), seatNo: '963852' },
    ]) {
      const res = await lookup(seatMode, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(404);
      expect(res.body).toBe(unknown.body);
      expect(headersOf(res)).toEqual(headersOf(unknown));
      expect(res.cookies).toEqual([]);
    }
  });

  it("runs one statement, the pair's, whatever is wrong: neither field can be told apart by its cost", async () => {
    // Logged in before: a student's first login also records it (one write in its life, issue 36).
    const student = await insertStudent(seatMode.database.db, { seatNo: '159357', firstLoginAt: new Date() });
    expect(
      await statementsOf(seatMode, () =>
        lookup(seatMode, { nationalID: student.nationalId, seatNo: '159357' }),
      ),
    ).toEqual(['students_find_by_national_id_and_seat_no']);
    // A wrong pair is one read of students too, then counted by the guard as any unknown national ID is.
    for (const payload of [
      { nationalID: student.nationalId, seatNo: '000000' },
      { nationalID: student.nationalId },
      { nationalID: randomNationalId(), seatNo: '159357' },
    ]) {
      expect(await statementsOf(seatMode, () => lookup(seatMode, payload)), JSON.stringify(payload)).toEqual([
        'students_find_by_national_id_and_seat_no',
        MISS_COUNTED,
      ]);
    }
  });

  it('never logs in a student without a seat number', async () => {
    const student = await insertStudent(seatMode.database.db, { seatNo: null });
    for (const payload of [
      { nationalID: student.nationalId },
      { nationalID: student.nationalId, seatNo: '' },
    ]) {
      const res = await lookup(seatMode, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(UNKNOWN);
    }
  });

  it('refuses a seat number longer than the import keeps, with its own message', async () => {
    const student = await insertStudent(seatMode.database.db);
    const res = await lookup(seatMode, { nationalID: student.nationalId, seatNo: '1'.repeat(21) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: SEAT_NO_MESSAGES.invalid });
  });

  it('keeps the lookup limit: wrong pairs count like unknown national IDs', async () => {
    const student = await insertStudent(limited.database.db, { seatNo: '111222' });
    const statuses: number[] = [];
    for (const seatNo of ['1', '2', '3', '111222'])
      statuses.push((await lookup(limited, { nationalID: student.nationalId, seatNo })).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});

describe('POST /students/loginForm with STUDENT_SECOND_FACTOR=seatNo', () => {
  it('logs in with the pair and keeps the seat number for the web app', async () => {
    const student = await insertStudent(seatMode.database.db, { seatNo: '852456' });
    const res = await postForm(seatMode, { nationalID: student.nationalId, seatNo: toArabicIndic('852456') });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/stAdmission/dashboard/documentDownloadPage');
    const byName = Object.fromEntries(res.cookies.map((cookie) => [cookie.name, cookie.value]));
    expect(byName).toMatchObject({ id: student.id, nationalID: student.nationalId, seatNo: '852456' });
  });

  it('sends a wrong or missing seat number back as an unknown national ID', async () => {
    const student = await insertStudent(seatMode.database.db, { seatNo: '852457' });
    const posts: Record<string, string>[] = [
      { nationalID: student.nationalId, seatNo: '1' },
      { nationalID: student.nationalId },
    ];
    for (const fields of posts) {
      const res = await postForm(seatMode, fields);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/stAdmission/?loginError=notRegistered');
      expect(res.cookies).toEqual([]);
    }
  });

  it('names a too-long seat number as such', async () => {
    const res = await postForm(seatMode, { nationalID: randomNationalId(), seatNo: '1'.repeat(30) });
    expect(res.headers.location).toBe('/stAdmission/?loginError=seatNoInvalid');
  });
});

describe("without the setting (the default): the spec's national-ID login", () => {
  it('ignores the seat number, right, wrong or missing, and runs the one statement it always ran', async () => {
    // Logged in before: a student's first login also records it (one write in its life, issue 36).
    const student = await insertStudent(offMode.database.db, { seatNo: '357159', firstLoginAt: new Date() });
    for (const payload of [
      { nationalID: student.nationalId },
      { nationalID: student.nationalId, seatNo: '000000' },
      { nationalID: student.nationalId, seatNo: '357159' },
    ]) {
      const names = await statementsOf(offMode, async () => {
        const res = await lookup(offMode, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(200);
      });
      expect(names).toEqual(['students_find_by_national_id']);
    }
  });

  it('keeps no seat number cookie after a form login', async () => {
    const student = await insertStudent(offMode.database.db, { seatNo: '357160' });
    const res = await postForm(offMode, { nationalID: student.nationalId, seatNo: '357160' });
    expect(res.statusCode).toBe(303);
    expect(res.cookies.map((c) => c.name)).not.toContain('seatNo');
  });
});
