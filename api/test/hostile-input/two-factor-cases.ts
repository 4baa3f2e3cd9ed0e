import { randomUUID } from 'node:crypto';
import { MESSAGES, TWO_FACTOR_MESSAGES } from '@portal/common';
import type { HostileBody, HostileCase } from './hostile-case.js';
import { arabicIndic, NUL, SCRIPT_TAG, SQL_INJECTION } from './payloads.js';

const json = (value: unknown): HostileBody => ({ kind: 'json', value });
const raw = (payload: string): HostileBody => ({ kind: 'raw', payload, contentType: 'application/json' });

const VERIFY = 'POST /users/login/verify';
const ENABLE = 'POST /users/twoFactor/enable';
const DISABLE = 'POST /users/twoFactor/disable';
const RESET = 'PATCH /users/resetTwoFactor';
const PROTO = '{"code":"123456","__proto__":{"isAdmin":true}}';

/**
 * Issue 20: the staff second factor. No account of the table has a factor, and no case sets one up, so every case
 * is refused and changes nothing: a wrong code for a real challenge would count a failure, so the code step is
 * probed with unknown challenges only.
 */
export const TWO_FACTOR_CASES: readonly HostileCase[] = [
  ...(
    [
      ['SQL', SQL_INJECTION],
      ['a number', 42],
      ['an object', { $ne: '' }],
      ['a uuid with a NUL byte', `00000000-0000-4000-8000-00000000000${NUL}`],
    ] as const
  ).map(
    ([what, challenge]): HostileCase => ({
      name: `login/verify: a challenge that is ${what}`,
      route: VERIFY,
      who: 'anonymous',
      request: () => ({ body: json({ challenge, code: '123456' }) }),
      status: 400,
    }),
  ),
  ...(
    [
      ['a script', SCRIPT_TAG, TWO_FACTOR_MESSAGES.codeInvalidFormat],
      ['SQL', SQL_INJECTION, TWO_FACTOR_MESSAGES.codeInvalidFormat],
      ['seven Arabic-Indic digits', arabicIndic('1234567'), TWO_FACTOR_MESSAGES.codeInvalidFormat],
      ['300 characters', 'A'.repeat(300), TWO_FACTOR_MESSAGES.codeInvalidFormat],
      ['a list', ['123456'], TWO_FACTOR_MESSAGES.codeRequired],
      ['only spaces and dashes', ' - - ', TWO_FACTOR_MESSAGES.codeRequired],
    ] as const
  ).map(
    ([what, code, message]): HostileCase => ({
      name: `login/verify: a code that is ${what}`,
      route: VERIFY,
      who: 'anonymous',
      request: () => ({ body: json({ challenge: randomUUID(), code }) }),
      status: 400,
      message,
    }),
  ),
  {
    name: 'login/verify: a well-formed code for a challenge nobody was given',
    route: VERIFY,
    who: 'anonymous',
    request: () => ({ body: json({ challenge: randomUUID(), code: arabicIndic('123456') }) }),
    status: 401,
    message: TWO_FACTOR_MESSAGES.challengeEnded,
  },
  {
    name: 'login/verify: __proto__ in the body',
    route: VERIFY,
    who: 'anonymous',
    request: () => ({ body: raw(PROTO) }),
    status: 400,
    message: MESSAGES.invalidJson,
  },
  {
    name: 'twoFactor/setup: __proto__ in the body',
    route: 'POST /users/twoFactor/setup',
    who: 'SUPPORT',
    request: () => ({ body: raw(PROTO) }),
    status: 400,
    message: MESSAGES.invalidJson,
  },
  {
    name: 'twoFactor/enable: a code that is SQL',
    route: ENABLE,
    who: 'SUPPORT',
    request: () => ({ body: json({ code: SQL_INJECTION }) }),
    status: 400,
    message: TWO_FACTOR_MESSAGES.codeInvalidFormat,
  },
  {
    name: 'twoFactor/enable: a code as an object',
    route: ENABLE,
    who: 'SUPPORT',
    request: () => ({ body: json({ code: { $gt: '' } }) }),
    status: 400,
    message: TWO_FACTOR_MESSAGES.codeRequired,
  },
  {
    name: 'twoFactor/enable: a well-formed code before any setup',
    route: ENABLE,
    who: 'SUPPORT',
    request: () => ({ body: json({ code: '123456' }) }),
    status: 400,
    message: TWO_FACTOR_MESSAGES.setupFirst,
  },
  {
    name: 'twoFactor/disable: a password as an object',
    route: DISABLE,
    who: 'ADMIN',
    request: () => ({ body: json({ password: { $ne: '' }, code: '123456' }) }),
    status: 400,
    message: MESSAGES.passwordRequired,
  },
  {
    name: 'twoFactor/disable: a code that is a script',
    route: DISABLE,
    who: 'ADMIN',
    request: () => ({ body: json({ password: 'Staff1234', code: SCRIPT_TAG }) }),
    status: 400,
    message: TWO_FACTOR_MESSAGES.codeInvalidFormat,
  },
  {
    name: 'twoFactor/disable: an account without a factor',
    route: DISABLE,
    who: 'ADMIN',
    request: () => ({ body: json({ password: SQL_INJECTION, code: 'ABCDEFGH23' }) }),
    status: 400,
    message: TWO_FACTOR_MESSAGES.notEnabled,
  },
  ...(
    [
      ['SQL', SQL_INJECTION],
      ['missing', undefined],
      ['a uuid in Arabic-Indic digits', arabicIndic('00000000-0000-4000-8000-000000000000')],
    ] as const
  ).map(
    ([what, id]): HostileCase => ({
      name: `resetTwoFactor: an id that is ${what}`,
      route: RESET,
      who: 'SUPERADMIN',
      request: () => ({ body: json({ id }) }),
      status: 400,
      message: TWO_FACTOR_MESSAGES.staffIdInvalid,
    }),
  ),
  {
    name: "resetTwoFactor: the super admin's own id",
    route: RESET,
    who: 'SUPERADMIN',
    request: (ctx) => ({ body: json({ id: ctx.staff.SUPERADMIN.id }) }),
    status: 403,
    message: MESSAGES.superAdminProtected,
  },
  {
    name: 'resetTwoFactor: an account without a factor',
    route: RESET,
    who: 'SUPERADMIN',
    request: (ctx) => ({ body: json({ id: ctx.staff.SUPPORT.id }) }),
    status: 400,
    message: TWO_FACTOR_MESSAGES.notEnabled,
  },
  {
    name: 'resetTwoFactor: by support',
    route: RESET,
    who: 'SUPPORT',
    request: (ctx) => ({ body: json({ id: ctx.staff.ADMIN.id }) }),
    status: 403,
    message: MESSAGES.forbidden,
  },
];
