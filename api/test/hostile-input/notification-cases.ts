import { randomUUID } from 'node:crypto';
import {
  CONTENT_MESSAGES,
  DEADLINE_MESSAGES,
  MAX_FACULTY_NAME_LENGTH,
  MESSAGES,
  NOTIFICATION_MESSAGES,
  STAFF_MESSAGE_MAX_LENGTH,
} from '@portal/common';
import { OTHER_FACULTY, TEST_FACULTY } from '../auth-helpers.js';
import type { HostileBody, HostileCase } from './hostile-case.js';
import { arabicIndic, NUL, SCRIPT_TAG, SQL_DROP, SQL_INJECTION } from './payloads.js';

/**
 * Issue 17: hostile input on the staff message calls (preview, send), the delivery figures and the college
 * deadline. A refused send must queue nothing: the table checks that no row of any table changed, the outbox
 * and the campaigns included.
 */

const json = (value: unknown): HostileBody => ({ kind: 'json', value });
const raw = (payload: string): HostileBody => ({ kind: 'raw', payload, contentType: 'application/json' });
const enc = encodeURIComponent;

const MESSAGE = {
  faculty: TEST_FACULTY,
  filter: { audience: 'all' },
  channels: ['email', 'sms'],
  text: 'تذكير',
};
/** A day on which none of the table's students has an interview. */
const NOBODY_S_DAY = '2031-03-04';

/** The body faults both calls refuse alike, with their Arabic messages. */
const BODY_FAULTS: readonly (readonly [string, Record<string, unknown>, string])[] = [
  ['an audience that is SQL', { filter: { audience: SQL_INJECTION } }, NOTIFICATION_MESSAGES.audienceInvalid],
  ['a filter that is a list', { filter: ['all'] }, NOTIFICATION_MESSAGES.audienceInvalid],
  [
    'an audience as an object',
    { filter: { audience: { $ne: null } } },
    NOTIFICATION_MESSAGES.audienceInvalid,
  ],
  ['appointedOn without its day', { filter: { audience: 'appointedOn' } }, NOTIFICATION_MESSAGES.dayRequired],
  [
    'appointedOn 30 February',
    { filter: { audience: 'appointedOn', day: '2031-02-30' } },
    NOTIFICATION_MESSAGES.dayInvalid,
  ],
  [
    'appointedOn a day that is SQL',
    { filter: { audience: 'appointedOn', day: "1' OR '1" } },
    NOTIFICATION_MESSAGES.dayInvalid,
  ],
  [
    'appointedOn a day in Arabic-Indic digits',
    { filter: { audience: 'appointedOn', day: arabicIndic('2031-03-04') } },
    NOTIFICATION_MESSAGES.dayInvalid,
  ],
  ['a channel that is SQL', { channels: ['email', SQL_DROP] }, NOTIFICATION_MESSAGES.channelsInvalid],
  ['channels as text', { channels: 'email,sms' }, NOTIFICATION_MESSAGES.channelsInvalid],
  ['three channels', { channels: ['email', 'sms', 'email'] }, NOTIFICATION_MESSAGES.channelsInvalid],
  ['no channel', { channels: [] }, NOTIFICATION_MESSAGES.channelsRequired],
  [
    `a text of ${STAFF_MESSAGE_MAX_LENGTH + 1} characters`,
    { text: 'ت'.repeat(STAFF_MESSAGE_MAX_LENGTH + 1) },
    NOTIFICATION_MESSAGES.textTooLong,
  ],
  [
    `a faculty of ${MAX_FACULTY_NAME_LENGTH + 1} characters`,
    { faculty: 'ك'.repeat(MAX_FACULTY_NAME_LENGTH + 1) },
    MESSAGES.facultyTooLong,
  ],
  ['a faculty that is SQL', { faculty: SQL_DROP }, MESSAGES.collegeNotFound],
];

const messageCalls = (['preview', 'send'] as const).flatMap((call): HostileCase[] => {
  const route = `POST /notifications/${call}`;
  return [
    ...BODY_FAULTS.map(
      ([what, change, message]): HostileCase => ({
        name: `${call} message: ${what}`,
        route,
        who: 'SUPERADMIN',
        request: () => ({ body: json({ ...MESSAGE, ...change }) }),
        status: 400,
        message,
      }),
    ),
    {
      name: `${call} message: no faculty from the super admin`,
      route,
      who: 'SUPERADMIN',
      request: () => ({ body: json({ ...MESSAGE, faculty: null }) }),
      status: 400,
      message: NOTIFICATION_MESSAGES.facultyRequired,
    },
    {
      name: `${call} message: a faculty ADMIN naming another faculty`,
      route,
      who: 'ADMIN',
      request: () => ({ body: json({ ...MESSAGE, faculty: OTHER_FACULTY }) }),
      status: 403,
      message: MESSAGES.otherFacultyForbidden,
    },
    {
      name: `${call} message: the social-work admin`,
      route,
      who: 'SOCIAL_ADMIN',
      request: () => ({ body: json(MESSAGE) }),
      status: 403,
      message: MESSAGES.forbidden,
    },
    {
      name: `${call} message: a student's session`,
      route,
      who: 'student',
      request: () => ({ body: json(MESSAGE) }),
      status: 401,
      message: MESSAGES.unauthorized,
    },
    {
      name: `${call} message: a __proto__ key`,
      route,
      who: 'SUPERADMIN',
      request: () => ({
        body: raw(`{"__proto__":{"polluted":"yes"},"faculty":"${TEST_FACULTY}","filter":{"audience":"all"}}`),
      }),
      status: 400,
      message: MESSAGES.invalidJson,
    },
  ];
});

const sendOnly: HostileCase[] = [
  ...(
    [
      ['an empty text', '', NOTIFICATION_MESSAGES.textRequired],
      ['a text of spaces and new lines', ' \r\n\t ', NOTIFICATION_MESSAGES.textRequired],
      ['a text that is a number', 42, NOTIFICATION_MESSAGES.textInvalid],
      ['a text that is an object', { $gt: '' }, NOTIFICATION_MESSAGES.textInvalid],
      ['a text with a NUL byte', `تذكير${NUL}`, MESSAGES.textUnstorable],
    ] as const
  ).map(
    ([what, text, message]): HostileCase => ({
      name: `send message: ${what}`,
      route: 'POST /notifications/send',
      who: 'SUPPORT',
      request: () => ({ body: json({ ...MESSAGE, text }) }),
      status: 400,
      message,
    }),
  ),
  {
    name: 'send message: no student on the day',
    route: 'POST /notifications/send',
    who: 'SUPPORT',
    request: () => ({ body: json({ ...MESSAGE, filter: { audience: 'appointedOn', day: NOBODY_S_DAY } }) }),
    status: 409,
    message: NOTIFICATION_MESSAGES.noRecipients,
  },
  {
    name: 'send message: ACCEPTS script and SQL as the text, stored as text, and queues it per student and channel',
    route: 'POST /notifications/send',
    who: 'ADMIN',
    request: () => ({
      body: json({
        faculty: `  ${TEST_FACULTY} `,
        filter: { audience: 'all' },
        channels: ['sms'],
        text: `${SCRIPT_TAG} ${SQL_DROP}`,
      }),
    }),
    status: 200,
    accepted: {
      mayChange: ['notification_campaigns', 'notifications', 'audit_log'],
      verify: async (ctx, body) => {
        const { campaignId, students } = (
          JSON.parse(body) as { data: { campaignId: string; students: number } }
        ).data;
        const [campaign] = await ctx.query<{ text: string }>(
          'SELECT text FROM notification_campaigns WHERE id = $1',
          [campaignId],
        );
        const [queued] = await ctx.query<{ rows: number; faculty: number }>(
          `SELECT count(*)::int AS rows,
                  (SELECT count(*)::int FROM students s JOIN colleges c ON c.id = s.college_id WHERE c.name = $2)
                    AS faculty
           FROM notifications WHERE campaign_id = $1 AND channel = 'sms'`,
          [campaignId, TEST_FACULTY],
        );
        if (campaign?.text !== `${SCRIPT_TAG} ${SQL_DROP}`) throw new Error(`stored as ${campaign?.text}`);
        if (queued?.rows !== queued?.faculty || students !== queued?.faculty)
          throw new Error(`queued ${JSON.stringify(queued)} for ${students} students`);
      },
    },
  },
];

const previewOnly: HostileCase[] = [
  {
    name: 'preview message: ACCEPTS a text still empty and a faculty with spaces, writing nothing',
    route: 'POST /notifications/preview',
    who: 'SUPPORT',
    request: () => ({ body: json({ ...MESSAGE, faculty: ` ${TEST_FACULTY}  `, text: '' }) }),
    status: 200,
    accepted: {
      verify: (_ctx, body) => {
        const { data } = JSON.parse(body) as { data: { faculty: string; students: number } };
        if (data.faculty !== TEST_FACULTY || !(data.students > 0)) throw new Error(body);
      },
    },
  },
];

const stats: HostileCase[] = [
  {
    name: 'notification stats: a faculty that is SQL',
    route: 'GET /notifications/stats',
    who: 'SUPERADMIN',
    request: () => ({ path: `/notifications/stats?faculty=${enc(SQL_INJECTION)}` }),
    status: 400,
    message: MESSAGES.collegeNotFound,
  },
  {
    name: `notification stats: a faculty of ${MAX_FACULTY_NAME_LENGTH + 1} characters`,
    route: 'GET /notifications/stats',
    who: 'SUPPORT',
    request: () => ({ path: `/notifications/stats?faculty=${enc('ك'.repeat(MAX_FACULTY_NAME_LENGTH + 1))}` }),
    status: 400,
    message: MESSAGES.facultyTooLong,
  },
  {
    name: 'notification stats: a faculty named twice',
    route: 'GET /notifications/stats',
    who: 'SUPPORT',
    request: () => ({
      path: `/notifications/stats?faculty=${enc(TEST_FACULTY)}&faculty=${enc(OTHER_FACULTY)}`,
    }),
    status: 400,
  },
  {
    name: 'notification stats: a faculty ADMIN naming another faculty',
    route: 'GET /notifications/stats',
    who: 'ADMIN',
    request: () => ({ path: `/notifications/stats?faculty=${enc(OTHER_FACULTY)}` }),
    status: 403,
    message: MESSAGES.otherFacultyForbidden,
  },
  {
    name: 'notification stats: the social-work admin',
    route: 'GET /notifications/stats',
    who: 'SOCIAL_ADMIN',
    request: () => ({ path: '/notifications/stats' }),
    status: 403,
    message: MESSAGES.forbidden,
  },
  {
    name: 'notification stats: ACCEPTS the whole university for support, writing nothing',
    route: 'GET /notifications/stats',
    who: 'SUPPORT',
    request: () => ({ path: '/notifications/stats?faculty=' }),
    status: 200,
    accepted: {
      verify: (_ctx, body) => {
        if ((JSON.parse(body) as { data: { faculty: string | null } }).data.faculty !== null)
          throw new Error(body);
      },
    },
  },
];

const DEADLINE = { dataDeadline: '2099-12-01T23:59:00+02:00' };

const deadline: HostileCase[] = [
  ...(
    [
      ['an id that is SQL', enc(SQL_INJECTION)],
      ['an id that is a path', enc('../../users/getAllAdmins')],
      ['an id of 500 characters', 'a'.repeat(500)],
    ] as const
  ).map(
    ([what, id]): HostileCase => ({
      name: `college deadline: ${what}`,
      route: 'PATCH /colleges/:id',
      who: 'SUPERADMIN',
      request: () => ({ path: `/colleges/${id}`, body: json(DEADLINE) }),
      status: 400,
      message: DEADLINE_MESSAGES.collegeIdInvalid,
    }),
  ),
  ...(
    [
      ['a deadline without its offset', { dataDeadline: '2099-12-01T23:59:00' }],
      ['a date alone', { dataDeadline: '2099-12-01' }],
      ['30 February', { dataDeadline: '2099-02-30T10:00:00Z' }],
      ['the hour 25', { dataDeadline: '2099-12-01T25:00:00Z' }],
      ['a deadline that is SQL', { dataDeadline: SQL_DROP }],
      ['a deadline as milliseconds', { dataDeadline: 4_100_000_000_000 }],
      ['a deadline in Arabic-Indic digits', { dataDeadline: arabicIndic('2099-12-01T23:59:00Z') }],
      ['a deadline as an object', { dataDeadline: { $gt: '' } }],
    ] as const
  ).map(
    ([what, body]): HostileCase => ({
      name: `college deadline: ${what}`,
      route: 'PATCH /colleges/:id',
      who: 'SUPERADMIN',
      request: (ctx) => ({ path: `/colleges/${ctx.college.id}`, body: json(body) }),
      status: 400,
      message: DEADLINE_MESSAGES.deadlineInvalid,
    }),
  ),
  // Since issue 19 the call also edits the college's name and flags: these have nothing it could change.
  ...(
    [
      ['no deadline key', {}],
      ['an unknown field beside it', { ...DEADLINE, colour: 'أحمر' }],
    ] as const
  ).map(
    ([what, body]): HostileCase => ({
      name: `college deadline: ${what}`,
      route: 'PATCH /colleges/:id',
      who: 'SUPERADMIN',
      request: (ctx) => ({ path: `/colleges/${ctx.college.id}`, body: json(body) }),
      status: 400,
      message: CONTENT_MESSAGES.nothingToChange,
    }),
  ),
  {
    name: 'college deadline: a __proto__ key',
    route: 'PATCH /colleges/:id',
    who: 'SUPERADMIN',
    request: (ctx) => ({
      path: `/colleges/${ctx.college.id}`,
      body: raw('{"__proto__":{"polluted":"yes"},"dataDeadline":null}'),
    }),
    status: 400,
    message: MESSAGES.invalidJson,
  },
  {
    name: 'college deadline: a college that does not exist',
    route: 'PATCH /colleges/:id',
    who: 'SUPERADMIN',
    request: () => ({ path: `/colleges/${randomUUID()}`, body: json(DEADLINE) }),
    status: 404,
    message: DEADLINE_MESSAGES.collegeNotFound,
  },
  ...(['SUPPORT', 'ADMIN'] as const).map(
    (who): HostileCase => ({
      name: `college deadline: a ${who}`,
      route: 'PATCH /colleges/:id',
      who,
      request: (ctx) => ({ path: `/colleges/${ctx.college.id}`, body: json(DEADLINE) }),
      status: 403,
      message: MESSAGES.forbidden,
    }),
  ),
  {
    name: 'college deadline: ACCEPTS a deadline with its offset, stored as the instant',
    route: 'PATCH /colleges/:id',
    who: 'SUPERADMIN',
    request: (ctx) => ({ path: `/colleges/${ctx.college.id}`, body: json(DEADLINE) }),
    status: 200,
    accepted: {
      mayChange: ['colleges', 'audit_log', 'content_versions'],
      verify: async (ctx) => {
        const [row] = await ctx.query<{ deadline: Date | null }>(
          'SELECT data_deadline AS deadline FROM colleges WHERE id = $1',
          [ctx.college.id],
        );
        if (row?.deadline?.toISOString() !== '2099-12-01T21:59:00.000Z')
          throw new Error(`stored as ${row?.deadline?.toISOString()}`);
      },
    },
  },
  {
    name: 'college deadline: ACCEPTS null, which clears it',
    route: 'PATCH /colleges/:id',
    who: 'SUPERADMIN',
    request: (ctx) => ({ path: `/colleges/${ctx.college.id}`, body: json({ dataDeadline: null }) }),
    status: 200,
    accepted: {
      mayChange: ['colleges', 'audit_log', 'content_versions'],
      verify: async (ctx) => {
        const [row] = await ctx.query<{ deadline: Date | null }>(
          'SELECT data_deadline AS deadline FROM colleges WHERE id = $1',
          [ctx.college.id],
        );
        if (row?.deadline !== null) throw new Error(`still ${row?.deadline?.toISOString()}`);
      },
    },
  },
];

/** Every issue 17 case, for the hostile-input table (api/src/hostile-input.test.ts). */
export const NOTIFICATION_CASES: readonly HostileCase[] = [
  ...messageCalls,
  ...previewOnly,
  ...sendOnly,
  ...stats,
  ...deadline,
];
