import { MESSAGES, SEAT_NO_MESSAGES } from '@portal/common';
import type { HostileBody, HostileCase } from './hostile-case.js';
import { SQL_INJECTION } from './payloads.js';

const json = (value: unknown): HostileBody => ({ kind: 'json', value });
const enc = encodeURIComponent;

/**
 * Issue 20: the seat number of the login (a second factor when STUDENT_SECOND_FACTOR=seatNo; without it, ignored
 * unless malformed) and the student's own data download.
 */
export const STUDENT_DATA_CASES: readonly HostileCase[] = [
  ...(
    [
      ['a number', 123456],
      ['an object', { $ne: '' }],
      ['21 characters', '1'.repeat(21)],
      ['1,000 characters', '1'.repeat(1000)],
    ] as const
  ).map(
    ([what, value]): HostileCase => ({
      name: `getStudent: seatNo as ${what}`,
      route: 'POST /students/getStudent',
      who: 'anonymous',
      request: (ctx) => ({ body: json({ nationalID: ctx.student.nationalId, seatNo: value }) }),
      status: 400,
      message: SEAT_NO_MESSAGES.invalid,
    }),
  ),
  {
    name: 'getStudent: a seatNo that is SQL, with an unknown national ID',
    route: 'POST /students/getStudent',
    who: 'anonymous',
    request: () => ({ body: json({ nationalID: '1', seatNo: SQL_INJECTION.slice(0, 20) }) }),
    status: 404,
    message: MESSAGES.studentNotRegistered,
    // An unknown national ID counts a miss for the lookup guard (decision 0018).
    counted: ['student_lookup_misses'],
  },
  {
    name: 'my data: an id that is not a UUID',
    route: 'GET /students/myData/:id',
    who: 'student',
    request: () => ({ path: `/students/myData/${enc('../../etc/passwd')}` }),
    status: 400,
    message: MESSAGES.studentIdInvalid,
  },
  {
    name: "my data: another student's id",
    route: 'GET /students/myData/:id',
    who: 'student',
    request: (ctx) => ({ path: `/students/myData/${ctx.otherStudent.id}` }),
    status: 403,
    message: MESSAGES.forbidden,
  },
  {
    name: "my data: a staff token for a student's id",
    route: 'GET /students/myData/:id',
    who: 'SUPERADMIN',
    request: (ctx) => ({ path: `/students/myData/${ctx.student.id}` }),
    status: 401,
    message: MESSAGES.studentSessionExpired,
  },
];
