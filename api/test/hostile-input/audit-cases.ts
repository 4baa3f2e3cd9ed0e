import { AUDIT_MESSAGES, MESSAGES } from '@portal/common';
import type { HostileBody, HostileCase } from './hostile-case.js';
import { arabicIndic, NUL, SCRIPT_TAG, SQL_DROP, SQL_INJECTION } from './payloads.js';

/**
 * Issue 20: hostile input on the audit screen's calls (the list, the export and its link). Refused filters answer
 * their Arabic message and write nothing; filters that are only strange are data (no row matches them).
 */

const json = (value: unknown): HostileBody => ({ kind: 'json', value });
const raw = (payload: string): HostileBody => ({ kind: 'raw', payload, contentType: 'application/json' });
const enc = encodeURIComponent;
const query = (params: Record<string, string>) => `/audit?${new URLSearchParams(params).toString()}`;

const badFilters = [
  ['an actor that is SQL', { actor: SQL_INJECTION }, AUDIT_MESSAGES.actorInvalid],
  ['an unknown action', { action: SQL_DROP }, AUDIT_MESSAGES.actionInvalid],
  ['a national ID of 33 digits', { nationalID: '1'.repeat(33) }, AUDIT_MESSAGES.nationalIdInvalid],
  ['a faculty of 201 letters', { faculty: 'ك'.repeat(201) }, AUDIT_MESSAGES.facultyTooLong],
  ['a day that does not exist', { from: '2026-02-30' }, AUDIT_MESSAGES.dateInvalid],
  ['a day that is a script', { to: SCRIPT_TAG }, AUDIT_MESSAGES.dateInvalid],
  ['a reversed range', { from: '2026-03-05', to: '2026-03-01' }, AUDIT_MESSAGES.dateRangeInvalid],
] as const;

const list: HostileCase[] = [
  ...badFilters.map(
    ([what, params, message]): HostileCase => ({
      name: `audit list: ${what}`,
      route: 'GET /audit',
      who: 'SUPERADMIN',
      request: () => ({ path: query(params) }),
      status: 400,
      message,
    }),
  ),
  ...(
    [
      ['a cursor that is SQL', SQL_INJECTION],
      ['a cursor of another shape', Buffer.from(`2026-01-01|${SQL_DROP}`).toString('base64url')],
      ['a cursor of 300 characters', 'A'.repeat(300)],
    ] as const
  ).map(
    ([what, cursor]): HostileCase => ({
      name: `audit list: ${what}`,
      route: 'GET /audit',
      who: 'SUPERADMIN',
      request: () => ({ path: query({ cursor }) }),
      status: 400,
      message: AUDIT_MESSAGES.cursorInvalid,
    }),
  ),
  {
    name: 'audit list: a faculty with a NUL byte',
    route: 'GET /audit',
    who: 'SUPERADMIN',
    request: () => ({ path: `/audit?faculty=${enc(`كلية${NUL}`)}` }),
    status: 400,
  },
  {
    name: 'audit list: a SUPPORT account',
    route: 'GET /audit',
    who: 'SUPPORT',
    request: () => ({ path: '/audit' }),
    status: 403,
  },
  {
    name: 'audit list: a national ID in Arabic-Indic digits and a faculty that is SQL are data',
    route: 'GET /audit',
    who: 'SUPERADMIN',
    request: () => ({ path: query({ nationalID: arabicIndic('30101011234567'), faculty: SQL_DROP }) }),
    status: 200,
    accepted: {
      verify: (_ctx, body) => {
        const answer = JSON.parse(body) as { data: unknown[]; nextCursor: unknown };
        if (answer.data.length !== 0 || answer.nextCursor !== null) throw new Error(`rows matched: ${body}`);
      },
    },
  },
];

const exports: HostileCase[] = [
  ...badFilters.map(
    ([what, params, message]): HostileCase => ({
      name: `audit export: ${what}`,
      route: 'POST /audit/export',
      who: 'SUPERADMIN',
      request: () => ({ body: json(params) }),
      status: 400,
      message,
    }),
  ),
  {
    name: 'audit export: filters that are an array',
    route: 'POST /audit/export',
    who: 'SUPERADMIN',
    request: () => ({ body: json(['actor']) }),
    status: 400,
  },
  {
    name: 'audit export: a __proto__ key',
    route: 'POST /audit/export',
    who: 'SUPERADMIN',
    request: () => ({ body: raw('{"__proto__":{"polluted":"yes"},"action":"staff.login"}') }),
    status: 400,
  },
  {
    name: 'audit export: an action as an object',
    route: 'POST /audit/export',
    who: 'SUPERADMIN',
    request: () => ({ body: json({ action: { $ne: null } }) }),
    status: 400,
    message: AUDIT_MESSAGES.actionInvalid,
  },
  {
    name: 'audit export: filters that are only strange are data, and the link opens a sheet',
    route: 'POST /audit/export',
    who: 'SUPERADMIN',
    request: () => ({ body: json({ faculty: SQL_DROP, nationalID: arabicIndic('30101011234567') }) }),
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
    name: 'audit export: a faculty ADMIN',
    route: 'POST /audit/export',
    who: 'ADMIN',
    request: () => ({ body: json({}) }),
    status: 403,
  },
  ...(
    [
      'garbage',
      enc(SCRIPT_TAG),
      'eyJwIjoiYXVkaXQtZXhwb3J0In0.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    ] as const
  ).map(
    (token): HostileCase => ({
      name: `audit export link: ${token.slice(0, 20)}`,
      route: 'GET /audit/export/:token',
      who: 'anonymous',
      request: () => ({ path: `/audit/export/${token}` }),
      status: token.includes('.') ? 403 : 400,
      message: MESSAGES.downloadLinkInvalid,
    }),
  ),
];

/** Every audit case, for the hostile-input table (api/src/hostile-input.test.ts). */
export const AUDIT_CASES: readonly HostileCase[] = [...list, ...exports];
