import { randomUUID } from 'node:crypto';
import { MESSAGES, TWO_FACTOR_MESSAGES } from '@portal/common';
import type { HostileBody, HostileCase } from './hostile-case.js';
import { arabicIndic, SQL_INJECTION } from './payloads.js';

const json = (value: unknown): HostileBody => ({ kind: 'json', value });
const raw = (payload: string): HostileBody => ({ kind: 'raw', payload, contentType: 'application/json' });
const ROUTE = 'POST /users/signOutEverywhere';

/**
 * Issue 20: 'sign out on all devices'. Every case is refused, so no session of the table's accounts ends (an
 * accepted call would end the very tokens the later cases send).
 */
export const STAFF_SESSION_CASES: readonly HostileCase[] = [
  ...(
    [
      ['SQL', SQL_INJECTION],
      ['a number', 42],
      ['an object', { $ne: '' }],
      ['a uuid in Arabic-Indic digits', arabicIndic('00000000-0000-4000-8000-000000000000')],
      ['1,000 characters', 'a'.repeat(1000)],
    ] as const
  ).map(
    ([what, id]): HostileCase => ({
      name: `signOutEverywhere: an id that is ${what}`,
      route: ROUTE,
      who: 'SUPERADMIN',
      request: () => ({ body: json({ id }) }),
      status: 400,
      message: TWO_FACTOR_MESSAGES.staffIdInvalid,
    }),
  ),
  {
    name: 'signOutEverywhere: a body that is an array',
    route: ROUTE,
    who: 'SUPPORT',
    request: () => ({ body: json([]) }),
    status: 400,
    message: MESSAGES.invalidInput,
  },
  {
    name: 'signOutEverywhere: a __proto__ key',
    route: ROUTE,
    who: 'SUPPORT',
    request: () => ({ body: raw('{"__proto__":{"role":"SUPERADMIN"}}') }),
    status: 400,
    message: MESSAGES.invalidJson,
  },
  {
    name: "signOutEverywhere: a faculty ADMIN naming the super admin's account",
    route: ROUTE,
    who: 'ADMIN',
    request: (ctx) => ({ body: json({ id: ctx.staff.SUPERADMIN.id }) }),
    status: 403,
    message: MESSAGES.forbidden,
  },
  {
    name: 'signOutEverywhere: the super admin naming an unknown account',
    route: ROUTE,
    who: 'SUPERADMIN',
    request: () => ({ body: json({ id: randomUUID() }) }),
    status: 404,
    message: MESSAGES.adminNotFound,
  },
];
