import { MESSAGES, STEP_UP_MESSAGES } from '@portal/common';
import type { HostileBody, HostileCase } from './hostile-case.js';
import { arabicIndic, SQL_INJECTION } from './payloads.js';

const json = (value: unknown): HostileBody => ({ kind: 'json', value });
const VERIFY = 'POST /students/stepUp/:id/verify';

/**
 * Issue 33: the student's step-up and logout. Every case is refused before a try is counted or a session ends,
 * so no row changes.
 */
export const STEP_UP_CASES: readonly HostileCase[] = [
  ...(
    [
      ['SQL', { code: SQL_INJECTION }, STEP_UP_MESSAGES.codeInvalid],
      ['five digits', { code: '12345' }, STEP_UP_MESSAGES.codeInvalid],
      ['a number', { code: 123456 }, STEP_UP_MESSAGES.codeInvalid],
      ['an object', { code: { $ne: '' } }, STEP_UP_MESSAGES.codeInvalid],
      ['1,000 digits', { code: '1'.repeat(1000) }, STEP_UP_MESSAGES.codeInvalid],
      [
        'both a code and a seat number',
        { code: arabicIndic('123456'), seatNo: '1' },
        STEP_UP_MESSAGES.answerRequired,
      ],
      ['neither', {}, STEP_UP_MESSAGES.answerRequired],
      ['an array', [], STEP_UP_MESSAGES.answerRequired],
    ] as const
  ).map(
    ([what, body, message]): HostileCase => ({
      name: `stepUp verify: ${what}`,
      route: VERIFY,
      who: 'student',
      request: (ctx) => ({ path: `/students/stepUp/${ctx.student.id}/verify`, body: json(body) }),
      status: 400,
      message,
    }),
  ),
  {
    name: 'stepUp verify: the id is SQL',
    route: VERIFY,
    who: 'student',
    request: () => ({
      path: `/students/stepUp/${encodeURIComponent(SQL_INJECTION)}/verify`,
      body: json({ code: '123456' }),
    }),
    status: 400,
    message: MESSAGES.studentIdInvalid,
  },
  {
    name: "stepUp: another student's id",
    route: 'POST /students/stepUp/:id',
    who: 'student',
    request: (ctx) => ({ path: `/students/stepUp/${ctx.otherStudent.id}` }),
    status: 403,
    message: MESSAGES.forbidden,
  },
  {
    name: 'stepUp: without a session',
    route: 'POST /students/stepUp/:id',
    who: 'anonymous',
    request: (ctx) => ({ path: `/students/stepUp/${ctx.student.id}` }),
    status: 401,
    message: MESSAGES.studentSessionExpired,
  },
  {
    name: 'logout: without a session',
    route: 'POST /students/logout',
    who: 'anonymous',
    request: () => ({ body: json({ id: SQL_INJECTION }) }),
    status: 401,
    message: STEP_UP_MESSAGES.notLoggedIn,
  },
];
