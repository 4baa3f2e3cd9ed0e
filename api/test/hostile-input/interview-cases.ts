import { randomUUID } from 'node:crypto';
import { INTERVIEW_MESSAGES, MESSAGE_TEMPLATES, MESSAGES } from '@portal/common';
import { workingDay } from '../interviews.js';
import type { HostileBody, HostileCase } from './hostile-case.js';
import {
  arabicIndic,
  deepJson,
  FORMULA_HYPERLINK,
  NUL,
  SCRIPT_TAG,
  SQL_DROP,
  SQL_INJECTION,
  TYPST_MARKUP,
} from './payloads.js';

/**
 * Issue 18: hostile input on the interview calls (slots, the student's booking, outcomes, statistics, the export
 * and its link), one or more cases per operation. The table's students are of a faculty that is not social work
 * and have no appointment, so a booking or an outcome that slipped past validation would still be refused.
 */

const json = (value: unknown): HostileBody => ({ kind: 'json', value });
const raw = (payload: string): HostileBody => ({ kind: 'raw', payload, contentType: 'application/json' });
const enc = encodeURIComponent;

/** A working day far enough ahead that a slot on it can be published whatever the day the table runs. */
const DAY = workingDay(10);
const SLOT = { date: DAY, period: 9, capacity: 20, place: 'قاعة 1' };
const SCORES = { appearance: 9, expression: 17, culture: 12, motivation: 18, balance: 13, communication: 19 };

const slots: HostileCase[] = [
  ...(
    [
      ['capacity 0', { capacity: 0 }, INTERVIEW_MESSAGES.slotCapacityInvalid],
      ['capacity 501', { capacity: 501 }, INTERVIEW_MESSAGES.slotCapacityInvalid],
      ['capacity as an object', { capacity: { $gt: 0 } }, INTERVIEW_MESSAGES.slotCapacityInvalid],
      ['capacity 1e3', { capacity: 1e3 }, INTERVIEW_MESSAGES.slotCapacityInvalid],
      ['a place of 101 characters', { place: 'ق'.repeat(101) }, INTERVIEW_MESSAGES.slotPlaceTooLong],
      ['a place with a NUL byte', { place: `قاعة${NUL}1` }, INTERVIEW_MESSAGES.slotPlaceInvalid],
      ['a place on two lines', { place: 'قاعة\r\n1' }, INTERVIEW_MESSAGES.slotPlaceInvalid],
      ['a date that is SQL', { date: SQL_INJECTION }, MESSAGES.scheduleDateInvalid],
      ['a past day', { date: '2020-01-05' }, MESSAGES.scheduleDateInPast],
      ['the period 10', { period: 10 }, MESSAGES.schedulePeriodInvalid],
    ] as const
  ).map(
    ([what, change, message]): HostileCase => ({
      name: `publish slot: ${what}`,
      route: 'POST /interviews/slots',
      who: 'SOCIAL_ADMIN',
      request: () => ({ body: json({ ...SLOT, ...change }) }),
      status: 400,
      message,
    }),
  ),
  {
    name: 'publish slot: a __proto__ key',
    route: 'POST /interviews/slots',
    who: 'SOCIAL_ADMIN',
    request: () => ({ body: raw(`{"__proto__":{"polluted":"yes"},"date":"${DAY}","period":9}`) }),
    status: 400,
    message: MESSAGES.invalidJson,
  },
  {
    name: 'publish slot: a faculty ADMIN',
    route: 'POST /interviews/slots',
    who: 'ADMIN',
    request: () => ({ body: json(SLOT) }),
    status: 403,
    message: MESSAGES.forbidden,
  },
  {
    name: 'publish slot: ACCEPTS script, SQL and Typst markup as the place, stored as text',
    route: 'POST /interviews/slots',
    who: 'SUPERADMIN',
    request: () => ({
      body: json({ ...SLOT, period: '12', capacity: arabicIndic('15'), place: `${SCRIPT_TAG} ${SQL_DROP}` }),
    }),
    status: 200,
    accepted: {
      mayChange: ['interview_slots', 'audit_log'],
      verify: async (ctx) => {
        const rows = await ctx.query<{ place: string; capacity: number; period: number }>(
          'SELECT place, capacity, period FROM interview_slots WHERE day = $1',
          [DAY],
        );
        if (
          rows[0]?.place !== `${SCRIPT_TAG} ${SQL_DROP}` ||
          rows[0]?.capacity !== 15 ||
          rows[0]?.period !== 12
        )
          throw new Error(`slot stored as ${JSON.stringify(rows)}`);
      },
    },
  },
  {
    name: 'change slot: an id that is SQL',
    route: 'PATCH /interviews/slots/:id',
    who: 'SOCIAL_ADMIN',
    request: () => ({ path: `/interviews/slots/${enc(SQL_INJECTION)}`, body: json({ closed: true }) }),
    status: 400,
    message: INTERVIEW_MESSAGES.slotIdInvalid,
  },
  {
    name: 'change slot: nothing to change',
    route: 'PATCH /interviews/slots/:id',
    who: 'SOCIAL_ADMIN',
    request: () => ({ path: `/interviews/slots/${randomUUID()}`, body: json({ role: 'SUPERADMIN' }) }),
    status: 400,
    message: INTERVIEW_MESSAGES.slotChangeRequired,
  },
  {
    name: "change slot: closed as the text 'true'",
    route: 'PATCH /interviews/slots/:id',
    who: 'SOCIAL_ADMIN',
    request: () => ({ path: `/interviews/slots/${randomUUID()}`, body: json({ closed: 'true' }) }),
    status: 400,
    message: INTERVIEW_MESSAGES.slotClosedInvalid,
  },
  {
    name: 'change slot: a slot that does not exist',
    route: 'PATCH /interviews/slots/:id',
    who: 'SOCIAL_ADMIN',
    request: () => ({ path: `/interviews/slots/${randomUUID()}`, body: json({ capacity: 1 }) }),
    status: 404,
    message: INTERVIEW_MESSAGES.slotNotFound,
  },
  {
    name: 'list slots: a range that is SQL',
    route: 'GET /interviews/slots',
    who: 'SOCIAL_ADMIN',
    request: () => ({ path: `/interviews/slots?from=${enc(SQL_INJECTION)}` }),
    status: 400,
    message: MESSAGES.scheduleDateInvalid,
  },
  {
    name: 'list slots: a range ending before it starts',
    route: 'GET /interviews/slots',
    who: 'SOCIAL_ADMIN',
    request: () => ({ path: '/interviews/slots?from=2030-01-02&to=2030-01-01' }),
    status: 400,
    message: INTERVIEW_MESSAGES.dateRangeInvalid,
  },
];

const studentCalls: HostileCase[] = [
  {
    name: 'interview slots: an id that is a path',
    route: 'GET /students/interviewSlots/:id',
    who: 'student',
    request: () => ({ path: `/students/interviewSlots/${enc('../../etc/passwd')}` }),
    status: 400,
    message: MESSAGES.studentIdInvalid,
  },
  {
    name: "interview slots: another student's id",
    route: 'GET /students/interviewSlots/:id',
    who: 'student',
    request: (ctx) => ({ path: `/students/interviewSlots/${ctx.otherStudent.id}` }),
    status: 403,
    message: MESSAGES.forbidden,
  },
  {
    name: 'interview slots: a student of a college without interviews',
    route: 'GET /students/interviewSlots/:id',
    who: 'student',
    request: (ctx) => ({ path: `/students/interviewSlots/${ctx.student.id}` }),
    status: 403,
    message: INTERVIEW_MESSAGES.interviewSocialWorkOnly,
  },
  {
    name: 'book interview: a slot id that is SQL',
    route: 'POST /students/bookInterview/:id',
    who: 'student',
    request: (ctx) => ({
      path: `/students/bookInterview/${ctx.student.id}`,
      body: json({ slotId: SQL_INJECTION }),
    }),
    status: 400,
    message: INTERVIEW_MESSAGES.slotIdInvalid,
  },
  {
    name: 'book interview: a slot id nested 10,000 levels deep',
    route: 'POST /students/bookInterview/:id',
    who: 'student',
    request: (ctx) => ({
      path: `/students/bookInterview/${ctx.student.id}`,
      body: raw(`{"slotId":${deepJson(10_000)}}`),
    }),
    status: 400,
  },
  {
    name: 'book interview: for another student',
    route: 'POST /students/bookInterview/:id',
    who: 'student',
    request: (ctx) => ({
      path: `/students/bookInterview/${ctx.otherStudent.id}`,
      body: json({ slotId: randomUUID() }),
    }),
    status: 403,
    message: MESSAGES.forbidden,
  },
  {
    name: 'book interview: when not waiting (a college without interviews)',
    route: 'POST /students/bookInterview/:id',
    who: 'student',
    request: (ctx) => ({
      path: `/students/bookInterview/${ctx.student.id}`,
      body: json({ slotId: randomUUID() }),
    }),
    status: 403,
    message: INTERVIEW_MESSAGES.interviewSocialWorkOnly,
  },
  {
    name: 'book interview: without a session',
    route: 'POST /students/bookInterview/:id',
    who: 'anonymous',
    request: (ctx) => ({
      path: `/students/bookInterview/${ctx.student.id}`,
      body: json({ slotId: randomUUID() }),
    }),
    status: 401,
    message: MESSAGES.studentSessionExpired,
  },
  {
    name: 'cancel interview: for another student',
    route: 'POST /students/cancelInterview/:id',
    who: 'student',
    request: (ctx) => ({ path: `/students/cancelInterview/${ctx.otherStudent.id}` }),
    status: 403,
    message: MESSAGES.forbidden,
  },
  {
    name: 'cancel interview: a staff token is no student session',
    route: 'POST /students/cancelInterview/:id',
    who: 'SUPERADMIN',
    request: (ctx) => ({ path: `/students/cancelInterview/${ctx.student.id}` }),
    status: 401,
    message: MESSAGES.studentSessionExpired,
  },
  {
    name: 'cancel interview: an id that is SQL',
    route: 'POST /students/cancelInterview/:id',
    who: 'student',
    request: () => ({ path: `/students/cancelInterview/${enc(SQL_DROP)}` }),
    status: 400,
    message: MESSAGES.studentIdInvalid,
  },
];

const outcomes: HostileCase[] = [
  {
    name: 'day list: no date',
    route: 'GET /interviews/day',
    who: 'SOCIAL_ADMIN',
    request: () => ({ path: '/interviews/day?period=9' }),
    status: 400,
    message: MESSAGES.scheduleDateRequired,
  },
  {
    name: 'day list: a period that is __proto__',
    route: 'GET /interviews/day',
    who: 'SOCIAL_ADMIN',
    request: () => ({ path: `/interviews/day?date=${DAY}&period=__proto__` }),
    status: 400,
    message: MESSAGES.schedulePeriodInvalid,
  },
  {
    name: 'day list: support staff',
    route: 'GET /interviews/day',
    who: 'SUPPORT',
    request: () => ({ path: `/interviews/day?date=${DAY}` }),
    status: 403,
    message: MESSAGES.forbidden,
  },
  ...(
    [
      [
        'a score above its maximum',
        { attended: true, scores: { ...SCORES, appearance: 11 } },
        MESSAGE_TEMPLATES.interviewScoreInvalid('المظهر العام', 10),
      ],
      [
        'a score that is not whole',
        { attended: true, scores: { expression: 19.5 } },
        MESSAGE_TEMPLATES.interviewScoreInvalid('التعبير والحوار', 20),
      ],
      [
        'a score as a formula',
        { attended: true, scores: { culture: FORMULA_HYPERLINK } },
        MESSAGE_TEMPLATES.interviewScoreInvalid('الثقافة العامة والقضايا الاجتماعية', 15),
      ],
      [
        'a decision without attendance',
        { attended: false, decision: 'suitable' },
        INTERVIEW_MESSAGES.interviewDecisionWithoutAttendance,
      ],
      [
        'an unknown criterion that is SQL',
        { attended: true, scores: { [SQL_INJECTION]: 5 } },
        MESSAGE_TEMPLATES.interviewCriterionUnknown(SQL_INJECTION),
      ],
      ['attendance as the text true', { attended: 'true' }, INTERVIEW_MESSAGES.interviewAttendedRequired],
      [
        'notes of 1001 characters',
        { attended: true, notes: 'ن'.repeat(1001) },
        INTERVIEW_MESSAGES.interviewNotesTooLong,
      ],
    ] as const
  ).map(
    ([what, body, message]): HostileCase => ({
      name: `outcome: ${what}`,
      route: 'PUT /interviews/outcome/:studentId',
      who: 'SOCIAL_ADMIN',
      request: (ctx) => ({ path: `/interviews/outcome/${ctx.student.id}`, body: json(body) }),
      status: 400,
      message,
    }),
  ),
  {
    name: 'outcome: a student id that is SQL',
    route: 'PUT /interviews/outcome/:studentId',
    who: 'SOCIAL_ADMIN',
    request: () => ({ path: `/interviews/outcome/${enc(SQL_INJECTION)}`, body: json({ attended: false }) }),
    status: 400,
    message: MESSAGES.studentIdInvalid,
  },
  {
    name: 'outcome: script and Typst markup as notes, for a student without an appointment',
    route: 'PUT /interviews/outcome/:studentId',
    who: 'SUPERADMIN',
    request: (ctx) => ({
      path: `/interviews/outcome/${ctx.student.id}`,
      body: json({
        attended: true,
        scores: SCORES,
        decision: 'suitable',
        notes: `${SCRIPT_TAG} ${TYPST_MARKUP}`,
      }),
    }),
    status: 409,
    message: INTERVIEW_MESSAGES.interviewNotAppointed,
  },
  {
    name: 'statistics: a date in Arabic-Indic digits',
    route: 'GET /interviews/statistics',
    who: 'SOCIAL_ADMIN',
    request: () => ({ path: `/interviews/statistics?to=${enc(arabicIndic('2030-01-01'))}` }),
    status: 400,
    message: MESSAGES.scheduleDateInvalid,
  },
  {
    name: 'statistics: ignores query string pollution',
    route: 'GET /interviews/statistics',
    who: 'SOCIAL_ADMIN',
    request: () => ({ path: '/interviews/statistics?__proto__[polluted]=1&constructor=x' }),
    status: 200,
    accepted: {},
  },
  {
    name: 'export: a range that is a list',
    route: 'POST /interviews/export',
    who: 'SOCIAL_ADMIN',
    request: () => ({ body: json({ from: ['2030-01-01'] }) }),
    status: 400,
    message: MESSAGES.scheduleDateInvalid,
  },
  {
    name: 'export: ACCEPTS an empty range, and the link it answers opens a spreadsheet',
    route: 'POST /interviews/export',
    who: 'SUPERADMIN',
    request: () => ({ body: json({}) }),
    status: 200,
    accepted: {
      mayChange: ['audit_log'],
      verify: async (ctx, body) => {
        const { path } = JSON.parse(body) as { path: string };
        const opened = await ctx.inject(path.replace('/api/v1', ''));
        if (opened.statusCode !== 200 || opened.rawPayload.subarray(0, 2).toString() !== 'PK')
          throw new Error(`the export link answered ${opened.statusCode}`);
      },
    },
  },
  ...['garbage', `${'a'.repeat(40)}.${'b'.repeat(43)}`, enc(SCRIPT_TAG)].map(
    (token): HostileCase => ({
      name: `export link: the token ${JSON.stringify(decodeURIComponent(token)).slice(0, 40)}`,
      route: 'GET /interviews/export/:token',
      who: 'anonymous',
      request: () => ({ path: `/interviews/export/${token}` }),
      status: token === 'garbage' || token === enc(SCRIPT_TAG) ? 400 : 403,
      message: MESSAGES.downloadLinkInvalid,
    }),
  ),
];

/** Every interview case, for the hostile-input table (api/src/hostile-input.test.ts). */
export const INTERVIEW_CASES: readonly HostileCase[] = [...slots, ...studentCalls, ...outcomes];
