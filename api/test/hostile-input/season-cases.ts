import { MESSAGES, SEASON_MESSAGES } from '@portal/common';
import type { HostileBody, HostileCase, Who } from './hostile-case.js';
import { NUL, SQL_DROP, SQL_INJECTION } from './payloads.js';

/**
 * Issue 21: hostile input on the admission season calls. No case opens a season (every other case's students
 * would then belong to a closed one), so the accepted control is the list; every refused write answers Arabic and
 * changes nothing.
 */

const json = (value: unknown): HostileBody => ({ kind: 'json', value });

const LIST = 'GET /seasons';
const OPEN = 'POST /seasons';
const DELETE = 'DELETE /seasons/:id';

const refusedCallers = (
  route: string,
  request: HostileCase['request'],
  roles: readonly Who[],
): HostileCase[] =>
  [...roles.map((who) => [who, 403] as const), ['student', 401] as const, ['anonymous', 401] as const].map(
    ([who, status]) => ({
      name: `seasons ${route}: ${who} refused`,
      route,
      who,
      request,
      status,
      ...(status === 403 ? { message: MESSAGES.forbidden } : {}),
    }),
  );

const badNames: readonly (readonly [string, unknown])[] = [
  ['an empty name', ''],
  ['one year', '2027'],
  ['years that do not follow', '2027/2029'],
  ['years the wrong way round', '2028/2027'],
  ['a name that is SQL', SQL_DROP],
  ['a name that is a number', 2027],
  ['a name that is a list', ['2027/2028']],
  ['a NUL byte in the name', `2027${NUL}/2028`],
];

export const SEASON_CASES: readonly HostileCase[] = [
  {
    name: 'seasons list: support reads the seasons with their counts',
    route: LIST,
    who: 'SUPPORT',
    request: () => ({ path: `/seasons?season=${encodeURIComponent(SQL_INJECTION)}` }),
    status: 200,
    accepted: {
      verify: (_ctx, body) => {
        const { seasons } = JSON.parse(body) as { seasons: { current: boolean }[] };
        if (seasons.filter((season) => season.current).length !== 1) throw new Error(`no current: ${body}`);
      },
    },
  },
  ...refusedCallers(LIST, () => ({}), ['SOCIAL_ADMIN']),
  ...badNames.map(
    ([what, name]): HostileCase => ({
      name: `seasons open: ${what}`,
      route: OPEN,
      who: 'SUPERADMIN',
      request: () => ({ body: json({ name }) }),
      status: 400,
      message: SEASON_MESSAGES.nameInvalid,
    }),
  ),
  {
    name: 'seasons open: no name',
    route: OPEN,
    who: 'SUPERADMIN',
    request: () => ({ body: json({}) }),
    status: 400,
  },
  {
    name: 'seasons open: the current year again',
    route: OPEN,
    who: 'SUPERADMIN',
    request: (ctx) => ({ body: json({ name: ctx.season.name }) }),
    status: 409,
    message: SEASON_MESSAGES.nameNotLater,
  },
  {
    name: 'seasons open: an earlier year',
    route: OPEN,
    who: 'SUPERADMIN',
    request: () => ({ body: json({ name: '1999/2000' }) }),
    status: 409,
    message: SEASON_MESSAGES.nameNotLater,
  },
  ...refusedCallers(OPEN, () => ({ body: json({ name: '2099/2100' }) }), [
    'SUPPORT',
    'ADMIN',
    'SOCIAL_ADMIN',
  ]),
  ...(
    [
      ['an id that is a word', 'abc'],
      ['an id that is SQL', encodeURIComponent(SQL_INJECTION)],
    ] as const
  ).map(
    ([what, id]): HostileCase => ({
      name: `seasons delete: ${what}`,
      route: DELETE,
      who: 'SUPERADMIN',
      request: () => ({ path: `/seasons/${id}`, body: json({ confirmCount: 0 }) }),
      status: 400,
      message: SEASON_MESSAGES.idInvalid,
    }),
  ),
  {
    name: 'seasons delete: a season that does not exist',
    route: DELETE,
    who: 'SUPERADMIN',
    request: () => ({
      path: '/seasons/00000000-0000-4000-8000-000000000000',
      body: json({ confirmCount: 0 }),
    }),
    status: 404,
    message: SEASON_MESSAGES.notFound,
  },
  {
    name: 'seasons delete: the current season',
    route: DELETE,
    who: 'SUPERADMIN',
    request: (ctx) => ({ path: `/seasons/${ctx.season.id}`, body: json({ confirmCount: 0 }) }),
    status: 409,
    message: SEASON_MESSAGES.currentCannotBeDeleted,
  },
  ...(
    [
      ['a count as text', '3'],
      ['a negative count', -1],
      ['a fractional count', 1.5],
      ['no count', undefined],
    ] as const
  ).map(
    ([what, confirmCount]): HostileCase => ({
      name: `seasons delete: ${what}`,
      route: DELETE,
      who: 'SUPERADMIN',
      request: (ctx) => ({
        path: `/seasons/${ctx.season.id}`,
        body: json(confirmCount === undefined ? {} : { confirmCount }),
      }),
      status: 400,
    }),
  ),
  ...refusedCallers(
    DELETE,
    (ctx) => ({ path: `/seasons/${ctx.season.id}`, body: json({ confirmCount: 0 }) }),
    ['SUPPORT', 'ADMIN', 'SOCIAL_ADMIN'],
  ),
  {
    name: 'statistics: a season that is not an id',
    route: 'GET /students/getStatistics',
    who: 'SUPERADMIN',
    request: () => ({ path: `/students/getStatistics?season=${encodeURIComponent(SQL_INJECTION)}` }),
    status: 400,
    message: SEASON_MESSAGES.idInvalid,
  },
];
