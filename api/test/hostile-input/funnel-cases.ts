import { FUNNEL_MESSAGES, MESSAGES, SEASON_MESSAGES } from '@portal/common';
import { OTHER_FACULTY } from '../auth-helpers.js';
import type { HostileBody, HostileCase } from './hostile-case.js';
import { NUL, SQL_DROP } from './payloads.js';

/**
 * Issue 36: hostile input on the admission funnel's calls. Every refusal answers Arabic and writes nothing (not
 * even the read's audit row); the accepted controls are audited reads and a link that opens a workbook.
 */

const FUNNEL = 'GET /funnel';
const DAILY = 'GET /funnel/daily';
const EXPORT = 'POST /funnel/export';
const DOWNLOAD = 'GET /funnel/export/:token';

const json = (value: unknown): HostileBody => ({ kind: 'json', value });
const query = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;

const badRanges: readonly (readonly [string, Record<string, string>, string])[] = [
  ['a backwards range', { from: '2026-05-02', to: '2026-05-01' }, FUNNEL_MESSAGES.rangeBackwards],
  ['a range over 366 days', { from: '2025-01-01', to: '2026-01-02' }, FUNNEL_MESSAGES.rangeTooLong],
  ['a day the calendar lacks', { from: '2026-02-30' }, FUNNEL_MESSAGES.dateInvalid],
  ['a date that is SQL', { to: SQL_DROP }, FUNNEL_MESSAGES.dateInvalid],
  ['a date in Arabic-Indic digits', { from: '٢٠٢٦-٠١-٠١' }, FUNNEL_MESSAGES.dateInvalid],
];

export const FUNNEL_CASES: readonly HostileCase[] = [
  {
    name: 'funnel: support reads every faculty, audited',
    route: FUNNEL,
    who: 'SUPPORT',
    request: () => ({ path: '/funnel' }),
    status: 200,
    accepted: {
      mayChange: ['audit_log'],
      verify: (_ctx, body) => {
        const { data } = JSON.parse(body) as { data: { total: { steps: unknown[] } } };
        if (data.total.steps.length !== 6) throw new Error(`not six steps: ${body}`);
      },
    },
  },
  {
    name: 'funnel: a faculty that is SQL is an unknown faculty',
    route: FUNNEL,
    who: 'SUPERADMIN',
    request: () => ({ path: query('/funnel', { faculty: SQL_DROP }) }),
    status: 400,
    message: MESSAGES.collegeNotFound,
  },
  {
    name: 'funnel: a faculty ADMIN naming another faculty',
    route: FUNNEL,
    who: 'ADMIN',
    request: () => ({ path: query('/funnel', { faculty: OTHER_FACULTY }) }),
    status: 403,
    message: MESSAGES.otherFacultyForbidden,
  },
  {
    name: 'funnel: a SOCIAL_ADMIN naming a faculty outside social work',
    route: FUNNEL,
    who: 'SOCIAL_ADMIN',
    request: () => ({ path: query('/funnel', { faculty: OTHER_FACULTY }) }),
    status: 403,
    message: FUNNEL_MESSAGES.facultyOutsideScope,
  },
  {
    name: 'funnel: an unknown season',
    route: FUNNEL,
    who: 'SUPERADMIN',
    request: () => ({ path: query('/funnel', { season: '00000000-0000-4000-8000-000000000000' }) }),
    status: 404,
    message: FUNNEL_MESSAGES.seasonNotFound,
  },
  {
    name: 'funnel: a season that is not an id',
    route: FUNNEL,
    who: 'SUPERADMIN',
    request: () => ({ path: query('/funnel', { season: SQL_DROP }) }),
    status: 400,
    message: SEASON_MESSAGES.idInvalid,
  },
  {
    name: 'funnel: a faculty name of 10,000 characters',
    route: FUNNEL,
    who: 'SUPERADMIN',
    request: () => ({ path: query('/funnel', { faculty: 'ك'.repeat(10_000) }) }),
    status: 400,
  },
  { name: 'funnel: a student', route: FUNNEL, who: 'student', request: () => ({}), status: 401 },
  {
    name: 'funnel daily: a faculty ADMIN reads its own faculty, audited',
    route: DAILY,
    who: 'ADMIN',
    request: () => ({ path: query('/funnel/daily', { from: '2026-01-01', to: '2026-03-01' }) }),
    status: 200,
    accepted: {
      mayChange: ['audit_log'],
      verify: (_ctx, body) => {
        const { data } = JSON.parse(body) as { data: { days: unknown[] } };
        if (data.days.length !== 60) throw new Error(`not 60 days: ${data.days.length}`);
      },
    },
  },
  ...badRanges.map(
    ([what, params, message]): HostileCase => ({
      name: `funnel daily: ${what}`,
      route: DAILY,
      who: 'SUPERADMIN',
      request: () => ({ path: query('/funnel/daily', params) }),
      status: 400,
      message,
    }),
  ),
  {
    name: 'funnel daily: a NUL byte in the date',
    route: DAILY,
    who: 'SUPERADMIN',
    request: () => ({ path: query('/funnel/daily', { from: `2026-01-01${NUL}` }) }),
    status: 400,
  },
  {
    name: 'student list: a progress filter with an unknown step',
    route: 'POST /students/getAllStudents',
    who: 'SUPERADMIN',
    request: () => ({
      body: json({ faculty: OTHER_FACULTY, progress: { step: SQL_DROP, state: 'blocked' } }),
    }),
    status: 400,
    message: FUNNEL_MESSAGES.stepInvalid,
  },
  {
    name: 'student list: a progress filter that is a string',
    route: 'POST /students/getAllStudents',
    who: 'SUPERADMIN',
    request: () => ({ body: json({ faculty: OTHER_FACULTY, progress: 'documents:blocked' }) }),
    status: 400,
    message: FUNNEL_MESSAGES.stepStateTogether,
  },
  {
    name: 'staff message preview: a progress audience without its step',
    route: 'POST /notifications/preview',
    who: 'SUPERADMIN',
    request: () => ({
      body: json({ faculty: OTHER_FACULTY, filter: { audience: 'progress' }, channels: ['email'] }),
    }),
    status: 400,
    message: FUNNEL_MESSAGES.stepStateTogether,
  },
  {
    name: 'staff message preview: a progress audience with the state todo',
    route: 'POST /notifications/preview',
    who: 'SUPERADMIN',
    request: () => ({
      body: json({
        faculty: OTHER_FACULTY,
        filter: { audience: 'progress', progress: { step: 'data', state: 'todo' } },
        channels: ['email'],
      }),
    }),
    status: 400,
    message: FUNNEL_MESSAGES.stateInvalid,
  },
  {
    name: 'funnel daily: a faculty ADMIN naming another faculty',
    route: DAILY,
    who: 'ADMIN',
    request: () => ({ path: query('/funnel/daily', { faculty: OTHER_FACULTY }) }),
    status: 403,
    message: MESSAGES.otherFacultyForbidden,
  },
  ...badRanges.slice(0, 3).map(
    ([what, params, message]): HostileCase => ({
      name: `funnel export: ${what}`,
      route: EXPORT,
      who: 'SUPERADMIN',
      request: () => ({ body: json(params) }),
      status: 400,
      message,
    }),
  ),
  {
    name: 'funnel export: dates as numbers',
    route: EXPORT,
    who: 'SUPERADMIN',
    request: () => ({ body: json({ from: 20260101, to: [2026] }) }),
    status: 400,
    message: FUNNEL_MESSAGES.dateInvalid,
  },
  {
    name: 'funnel export: the link opens a workbook',
    route: EXPORT,
    who: 'SUPPORT',
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
  {
    name: 'funnel download: a link that is not one',
    route: DOWNLOAD,
    who: 'anonymous',
    request: () => ({ path: `/funnel/export/${encodeURIComponent(SQL_DROP)}` }),
    status: 400,
    message: MESSAGES.downloadLinkInvalid,
  },
];
