import { MESSAGES } from '@portal/common';
import type { HostileBody, HostileCase } from './hostile-case.js';
import { arabicIndic, SQL_INJECTION } from './payloads.js';

const json = (value: unknown): HostileBody => ({ kind: 'json', value });
const ROUTE = 'POST /users/exportsAppointedStudents/link';
const DAY = '2030-01-01';

/**
 * Issue 33: the schedule's print link, a 10-minute print token for one day and period. A bad day or period, or a
 * caller who may not print, is refused; the link itself is signed, not stored, so no case changes a row.
 */
export const PRINT_LINK_CASES: readonly HostileCase[] = [
  ...(
    [
      ['the date as a number', { date: 20300101, period: 9 }, MESSAGES.scheduleDateInvalid],
      ['the date missing', { period: 9 }, MESSAGES.scheduleDateRequired],
      ['a date that is a path', { date: '../../etc/passwd', period: 9 }, MESSAGES.scheduleDateInvalid],
      ['a date that is SQL', { date: SQL_INJECTION, period: 9 }, MESSAGES.scheduleDateInvalid],
      ['the 30th of February', { date: '2030-02-30', period: 9 }, MESSAGES.scheduleDateInvalid],
      ['the period 10', { date: DAY, period: 10 }, MESSAGES.schedulePeriodInvalid],
      ['the period missing', { date: DAY }, MESSAGES.schedulePeriodRequired],
      ['the period as a list', { date: DAY, period: [9, 12] }, MESSAGES.schedulePeriodInvalid],
      ['the period as an object', { date: DAY, period: { $gt: 0 } }, MESSAGES.schedulePeriodInvalid],
      [
        'the period in Arabic-Indic digits',
        { date: DAY, period: arabicIndic('12') },
        MESSAGES.schedulePeriodInvalid,
      ],
      ['a list for a body', [DAY, 9], MESSAGES.invalidInput],
    ] as const
  ).map(
    ([what, body, message]): HostileCase => ({
      name: `print link: ${what}`,
      route: ROUTE,
      who: 'SOCIAL_ADMIN',
      request: () => ({ body: json(body) }),
      status: 400,
      message,
    }),
  ),
  {
    name: 'print link: no token',
    route: ROUTE,
    who: 'anonymous',
    request: () => ({ body: json({ date: DAY, period: 9 }) }),
    status: 401,
    message: MESSAGES.unauthorized,
  },
  {
    name: "print link: a student's session is no staff credential",
    route: ROUTE,
    who: 'student',
    request: () => ({ body: json({ date: DAY, period: 9 }) }),
    status: 401,
    message: MESSAGES.unauthorized,
  },
  ...(['ADMIN', 'SUPPORT'] as const).map(
    (role): HostileCase => ({
      name: `print link: the role ${role} may not print the schedule`,
      route: ROUTE,
      who: role,
      request: () => ({ body: json({ date: DAY, period: 9 }) }),
      status: 403,
      message: MESSAGES.forbidden,
    }),
  ),
  {
    name: 'print link: ACCEPTS the period as text beside a role field, and the link names that day and period only',
    route: ROUTE,
    who: 'SOCIAL_ADMIN',
    request: () => ({ body: json({ date: DAY, period: '12', role: 'SUPERADMIN' }) }),
    status: 200,
    accepted: {
      verify: (ctx, body) => {
        const { path } = JSON.parse(body) as { path: string };
        if (!path.startsWith(`/api/v1/users/exportsAppointedStudents/${DAY}/12/`))
          throw new Error(`not the link of that day and period: ${path}`);
        if (path.includes(ctx.staff.SOCIAL_ADMIN.token))
          throw new Error(`the session token in a URL: ${path}`);
      },
    },
  },
];
