// Kept whole: one ordered table of hostile cases for the colleges' content, read by hostile-input.test.ts: the
// accepted rows make a college and a program that later rows edit and finally delete.
import { randomUUID } from 'node:crypto';
import {
  CONTENT_LIMITS,
  CONTENT_MESSAGES,
  type ContentCollege,
  DEADLINE_MESSAGES,
  MESSAGES,
} from '@portal/common';
import type { HostileBody, HostileCase } from './hostile-case.js';
import { NUL, SCRIPT_TAG, SQL_DROP, TYPST_MARKUP } from './payloads.js';

const json = (value: unknown): HostileBody => ({ kind: 'json', value });
const raw = (payload: string): HostileBody => ({ kind: 'raw', payload, contentType: 'application/json' });
const enc = encodeURIComponent;

/** What a write of the colleges may touch: the rows, their audit row and the content counter. */
const WRITES = ['colleges', 'college_programs', 'audit_log', 'content_versions'] as const;

/**
 * The college and program the accepted cases make, in order: a tourism college named with markup, then its
 * program; later cases edit and finally delete them, so the table leaves the database as it found it. The ids are
 * read from the answers (a case's request is built when it runs, after the cases before it).
 */
const made: { collegeId: string; programId: string } = { collegeId: randomUUID(), programId: randomUUID() };
/** Seeded colleges the content list (the first case) finds: one students refer to, one without programs. */
const seen: Record<'inUse' | 'notTourism' | 'tourism', string> = {
  inUse: randomUUID(),
  notTourism: randomUUID(),
  tourism: randomUUID(),
};
const COLLEGE_NAME = `${SCRIPT_TAG} كلية ] [ ${randomUUID().slice(0, 8)}`;
const PROGRAM_NAME = `${TYPST_MARKUP} ${randomUUID().slice(0, 8)}`;

type Row = Record<string, unknown>;
async function expectRow(found: Promise<Row[]>, expected: Row) {
  const [row] = await found;
  for (const [key, value] of Object.entries(expected))
    if (row?.[key] !== value)
      throw new Error(`${key}: ${JSON.stringify(row?.[key])} is not ${JSON.stringify(value)}`);
}

const collegeUrl = () => `/colleges/${made.collegeId}`;
const programsUrl = () => `/colleges/${made.collegeId}/programs`;
const programUrl = () => `/colleges/${made.collegeId}/programs/${made.programId}`;

const refusedCollegeBodies: readonly (readonly [string, unknown, string])[] = [
  ['an empty name', { name: '' }, CONTENT_MESSAGES.nameInvalid],
  ['a name of spaces', { name: '    ' }, CONTENT_MESSAGES.nameInvalid],
  ['an oversize name', { name: 'ك'.repeat(CONTENT_LIMITS.name.max + 1) }, CONTENT_MESSAGES.nameInvalid],
  ['a name as a number', { name: 42 }, CONTENT_MESSAGES.nameInvalid],
  ['a name as an object', { name: { $ne: '' } }, CONTENT_MESSAGES.nameInvalid],
  ['a flag as text', { name: 'كلية سليمة', tourism: 'true' }, CONTENT_MESSAGES.flagInvalid],
  ['a fractional order', { name: 'كلية سليمة', sortOrder: 1.5 }, CONTENT_MESSAGES.sortOrderInvalid],
  ['an order too large', { name: 'كلية سليمة', sortOrder: 10_001 }, CONTENT_MESSAGES.sortOrderInvalid],
  ['an unknown field', { name: 'كلية سليمة', hidden: true }, CONTENT_MESSAGES.nameInvalid],
  ['a list', [{ name: 'كلية سليمة' }], CONTENT_MESSAGES.nameInvalid],
];

const create: HostileCase[] = [
  ...refusedCollegeBodies.map(
    ([what, body, message]): HostileCase => ({
      name: `content colleges: add ${what}`,
      route: 'POST /colleges',
      who: 'SUPERADMIN',
      request: () => ({ body: json(body) }),
      status: 400,
      message,
    }),
  ),
  {
    name: 'content colleges: add a name with a NUL byte',
    route: 'POST /colleges',
    who: 'SUPERADMIN',
    request: () => ({ body: json({ name: `كلية${NUL}جديدة` }) }),
    status: 400,
    message: MESSAGES.textUnstorable,
  },
  {
    name: 'content colleges: add a __proto__ key',
    route: 'POST /colleges',
    who: 'SUPERADMIN',
    request: () => ({ body: raw('{"__proto__":{"polluted":"yes"},"name":"كلية ملوثة"}') }),
    status: 400,
    message: MESSAGES.invalidJson,
  },
  {
    name: 'content colleges: add a name a seeded college has',
    route: 'POST /colleges',
    who: 'SUPERADMIN',
    request: () => ({ body: json({ name: 'كلية التجارة' }) }),
    status: 409,
    message: CONTENT_MESSAGES.collegeNameTaken,
  },
  ...(['ADMIN', 'SUPPORT', 'SOCIAL_ADMIN'] as const).map(
    (who): HostileCase => ({
      name: `content colleges: add as ${who}`,
      route: 'POST /colleges',
      who,
      request: () => ({ body: json({ name: 'كلية من غير المشرف العام' }) }),
      status: 403,
      message: MESSAGES.forbidden,
    }),
  ),
  {
    name: 'content colleges: add as a student',
    route: 'POST /colleges',
    who: 'student',
    request: () => ({ body: json({ name: 'كلية من طالب' }) }),
    status: 401,
  },
  {
    name: 'content colleges: ACCEPTS markup in a new tourism college name, stored as text',
    route: 'POST /colleges',
    who: 'SUPERADMIN',
    request: () => ({ body: json({ name: ` ${COLLEGE_NAME} `, tourism: true }) }),
    status: 201,
    accepted: {
      mayChange: WRITES,
      verify: async (ctx, body) => {
        made.collegeId = (JSON.parse(body) as { data: { id: string } }).data.id;
        await expectRow(
          ctx.query('SELECT name, tourism, hidden FROM colleges WHERE id = $1', [made.collegeId]),
          {
            name: COLLEGE_NAME,
            tourism: true,
            hidden: false,
          },
        );
      },
    },
  },
];

const programs: HostileCase[] = [
  ...(
    [
      ['an empty name', { name: '' }, CONTENT_MESSAGES.nameInvalid],
      ['an oversize name', { name: 'ب'.repeat(CONTENT_LIMITS.name.max + 1) }, CONTENT_MESSAGES.nameInvalid],
      ['a name as a list', { name: ['برنامج'] }, CONTENT_MESSAGES.nameInvalid],
      ['a hidden flag on create', { name: 'برنامج سليم', hidden: true }, CONTENT_MESSAGES.nameInvalid],
      ['a negative order', { name: 'برنامج سليم', sortOrder: -1 }, CONTENT_MESSAGES.sortOrderInvalid],
    ] as const
  ).map(
    ([what, body, message]): HostileCase => ({
      name: `content colleges: add a program with ${what}`,
      route: 'POST /colleges/:id/programs',
      who: 'SUPERADMIN',
      request: () => ({ path: programsUrl(), body: json(body) }),
      status: 400,
      message,
    }),
  ),
  {
    name: 'content colleges: add a program to a college that is not tourism',
    route: 'POST /colleges/:id/programs',
    who: 'SUPERADMIN',
    request: () => ({ path: `/colleges/${seen.notTourism}/programs`, body: json({ name: 'برنامج سليم' }) }),
    status: 409,
    message: CONTENT_MESSAGES.programsOnlyForTourism,
  },
  {
    name: 'content colleges: add a program to a college that does not exist',
    route: 'POST /colleges/:id/programs',
    who: 'SUPERADMIN',
    request: () => ({ path: `/colleges/${randomUUID()}/programs`, body: json({ name: 'برنامج سليم' }) }),
    status: 404,
    message: DEADLINE_MESSAGES.collegeNotFound,
  },
  {
    name: 'content colleges: add a program under an id that is SQL',
    route: 'POST /colleges/:id/programs',
    who: 'SUPERADMIN',
    request: () => ({ path: `/colleges/${enc(SQL_DROP)}/programs`, body: json({ name: 'برنامج سليم' }) }),
    status: 400,
    message: DEADLINE_MESSAGES.collegeIdInvalid,
  },
  {
    name: 'content colleges: add a program as ADMIN',
    route: 'POST /colleges/:id/programs',
    who: 'ADMIN',
    request: () => ({ path: programsUrl(), body: json({ name: 'برنامج سليم' }) }),
    status: 403,
    message: MESSAGES.forbidden,
  },
  {
    name: 'content colleges: ACCEPTS Typst syntax in a program name, stored as text',
    route: 'POST /colleges/:id/programs',
    who: 'SUPERADMIN',
    request: () => ({ path: programsUrl(), body: json({ name: PROGRAM_NAME }) }),
    status: 201,
    accepted: {
      mayChange: WRITES,
      verify: async (ctx, body) => {
        const college = (JSON.parse(body) as { data: { programs: { id: string; name: string }[] } }).data;
        const program = college.programs.find((entry) => entry.name === PROGRAM_NAME);
        if (!program) throw new Error(`program not answered: ${body}`);
        made.programId = program.id;
        await expectRow(ctx.query('SELECT name FROM college_programs WHERE id = $1', [program.id]), {
          name: PROGRAM_NAME,
        });
      },
    },
  },
  {
    name: 'content colleges: add a program name the college has',
    route: 'POST /colleges/:id/programs',
    who: 'SUPERADMIN',
    request: () => ({ path: programsUrl(), body: json({ name: PROGRAM_NAME }) }),
    status: 409,
    message: CONTENT_MESSAGES.programNameTaken,
  },
  ...(
    [
      ['nothing to change', {}, CONTENT_MESSAGES.nothingToChange],
      ['an empty name', { name: ' ' }, CONTENT_MESSAGES.nameInvalid],
      ['a hidden flag as text', { hidden: 'yes' }, CONTENT_MESSAGES.flagInvalid],
      ['an unknown field', { tourism: true }, CONTENT_MESSAGES.nothingToChange],
      ['a name with a NUL byte', { name: `برنامج${NUL}` }, MESSAGES.textUnstorable],
    ] as const
  ).map(
    ([what, body, message]): HostileCase => ({
      name: `content colleges: edit a program with ${what}`,
      route: 'PATCH /colleges/:id/programs/:programId',
      who: 'SUPERADMIN',
      request: () => ({ path: programUrl(), body: json(body) }),
      status: 400,
      message,
    }),
  ),
  {
    name: 'content colleges: edit a program id that is SQL',
    route: 'PATCH /colleges/:id/programs/:programId',
    who: 'SUPERADMIN',
    request: () => ({ path: `${programsUrl()}/${enc(SQL_DROP)}`, body: json({ hidden: true }) }),
    status: 400,
    message: CONTENT_MESSAGES.programIdInvalid,
  },
  {
    name: 'content colleges: edit a program of another college',
    route: 'PATCH /colleges/:id/programs/:programId',
    who: 'SUPERADMIN',
    request: () => ({
      path: `/colleges/${seen.tourism}/programs/${made.programId}`,
      body: json({ hidden: true }),
    }),
    status: 404,
    message: CONTENT_MESSAGES.programNotFound,
  },
  {
    name: 'content colleges: edit a program that does not exist',
    route: 'PATCH /colleges/:id/programs/:programId',
    who: 'SUPERADMIN',
    request: () => ({ path: `${programsUrl()}/${randomUUID()}`, body: json({ hidden: true }) }),
    status: 404,
    message: CONTENT_MESSAGES.programNotFound,
  },
  {
    name: 'content colleges: edit a program as SUPPORT',
    route: 'PATCH /colleges/:id/programs/:programId',
    who: 'SUPPORT',
    request: () => ({ path: programUrl(), body: json({ hidden: true }) }),
    status: 403,
    message: MESSAGES.forbidden,
  },
  {
    name: 'content colleges: ACCEPTS hiding and renaming a program to markup',
    route: 'PATCH /colleges/:id/programs/:programId',
    who: 'SUPERADMIN',
    request: () => ({ path: programUrl(), body: json({ name: `${SCRIPT_TAG} $x$`, hidden: true }) }),
    status: 200,
    accepted: {
      mayChange: WRITES,
      verify: (ctx) =>
        expectRow(ctx.query('SELECT name, hidden FROM college_programs WHERE id = $1', [made.programId]), {
          name: `${SCRIPT_TAG} $x$`,
          hidden: true,
        }),
    },
  },
  {
    name: 'content colleges: delete a program as ADMIN',
    route: 'DELETE /colleges/:id/programs/:programId',
    who: 'ADMIN',
    request: () => ({ path: programUrl() }),
    status: 403,
    message: MESSAGES.forbidden,
  },
  {
    name: 'content colleges: delete a program that does not exist',
    route: 'DELETE /colleges/:id/programs/:programId',
    who: 'SUPERADMIN',
    request: () => ({ path: `${programsUrl()}/${randomUUID()}` }),
    status: 404,
    message: CONTENT_MESSAGES.programNotFound,
  },
  {
    name: 'content colleges: delete a program id that is a path',
    route: 'DELETE /colleges/:id/programs/:programId',
    who: 'SUPERADMIN',
    request: () => ({ path: `${programsUrl()}/${enc('../../users')}` }),
    status: 400,
    message: CONTENT_MESSAGES.programIdInvalid,
  },
  {
    name: 'content colleges: ACCEPTS deleting a program nobody chose',
    route: 'DELETE /colleges/:id/programs/:programId',
    who: 'SUPERADMIN',
    request: () => ({ path: programUrl() }),
    status: 200,
    accepted: {
      mayChange: WRITES,
      verify: async (ctx) => {
        const rows = await ctx.query('SELECT id FROM college_programs WHERE id = $1', [made.programId]);
        if (rows.length > 0) throw new Error('program not deleted');
      },
    },
  },
];

const edit: HostileCase[] = [
  ...(
    [
      ['nothing to change', {}, CONTENT_MESSAGES.nothingToChange],
      ['an empty name', { name: '' }, CONTENT_MESSAGES.nameInvalid],
      ['an oversize name', { name: 'ك'.repeat(CONTENT_LIMITS.name.max + 1) }, CONTENT_MESSAGES.nameInvalid],
      ['a hidden flag as a number', { hidden: 1 }, CONTENT_MESSAGES.flagInvalid],
      ['an order as text', { sortOrder: '3' }, CONTENT_MESSAGES.sortOrderInvalid],
      ['a name with a NUL byte', { name: `كلية${NUL}` }, MESSAGES.textUnstorable],
    ] as const
  ).map(
    ([what, body, message]): HostileCase => ({
      name: `content colleges: edit a college with ${what}`,
      route: 'PATCH /colleges/:id',
      who: 'SUPERADMIN',
      request: () => ({ path: collegeUrl(), body: json(body) }),
      status: 400,
      message,
    }),
  ),
  {
    name: 'content colleges: rename a college to a name another has',
    route: 'PATCH /colleges/:id',
    who: 'SUPERADMIN',
    request: () => ({ path: collegeUrl(), body: json({ name: 'كلية الهندسة' }) }),
    status: 409,
    message: CONTENT_MESSAGES.collegeNameTaken,
  },
  {
    name: 'content colleges: rename a college as ADMIN',
    route: 'PATCH /colleges/:id',
    who: 'ADMIN',
    request: () => ({ path: collegeUrl(), body: json({ name: 'اسم من مسؤول الكلية' }) }),
    status: 403,
    message: MESSAGES.forbidden,
  },
  {
    name: 'content colleges: ACCEPTS renaming a college to Typst syntax and hiding it',
    route: 'PATCH /colleges/:id',
    who: 'SUPERADMIN',
    request: () => ({
      path: collegeUrl(),
      body: json({ name: `${COLLEGE_NAME} #set page(width: 1cm)`, hidden: true }),
    }),
    status: 200,
    accepted: {
      mayChange: WRITES,
      verify: (ctx) =>
        expectRow(ctx.query('SELECT name, hidden FROM colleges WHERE id = $1', [made.collegeId]), {
          name: `${COLLEGE_NAME} #set page(width: 1cm)`,
          hidden: true,
        }),
    },
  },
];

const remove: HostileCase[] = [
  {
    name: 'content colleges: delete a college students refer to',
    route: 'DELETE /colleges/:id',
    who: 'SUPERADMIN',
    request: () => ({ path: `/colleges/${seen.inUse}` }),
    status: 409,
    message: CONTENT_MESSAGES.collegeInUse,
  },
  {
    name: 'content colleges: delete a college that does not exist',
    route: 'DELETE /colleges/:id',
    who: 'SUPERADMIN',
    request: () => ({ path: `/colleges/${randomUUID()}` }),
    status: 404,
    message: DEADLINE_MESSAGES.collegeNotFound,
  },
  {
    name: 'content colleges: delete a college id that is SQL',
    route: 'DELETE /colleges/:id',
    who: 'SUPERADMIN',
    request: () => ({ path: `/colleges/${enc(SQL_DROP)}` }),
    status: 400,
    message: DEADLINE_MESSAGES.collegeIdInvalid,
  },
  {
    name: 'content colleges: delete a college as SUPPORT',
    route: 'DELETE /colleges/:id',
    who: 'SUPPORT',
    request: () => ({ path: collegeUrl() }),
    status: 403,
    message: MESSAGES.forbidden,
  },
  {
    name: 'content colleges: ACCEPTS deleting the college it made, nobody referring to it',
    route: 'DELETE /colleges/:id',
    who: 'SUPERADMIN',
    request: () => ({ path: collegeUrl() }),
    status: 200,
    accepted: {
      mayChange: WRITES,
      verify: async (ctx) => {
        const rows = await ctx.query('SELECT id FROM colleges WHERE id = $1', [made.collegeId]);
        if (rows.length > 0) throw new Error('college not deleted');
      },
    },
  },
];

const list: HostileCase[] = [
  {
    name: 'content colleges: the content list as ADMIN',
    route: 'GET /content/colleges',
    who: 'ADMIN',
    request: () => ({}),
    status: 403,
    message: MESSAGES.forbidden,
  },
  {
    name: 'content colleges: the content list as a student',
    route: 'GET /content/colleges',
    who: 'student',
    request: () => ({}),
    status: 401,
  },
  {
    name: 'content colleges: ACCEPTS the content list for the super admin with a hostile query, writing nothing',
    route: 'GET /content/colleges',
    who: 'SUPERADMIN',
    request: () => ({ path: `/content/colleges?sort=${enc(SQL_DROP)}` }),
    status: 200,
    accepted: {
      verify: (_ctx, body) => {
        const colleges = (JSON.parse(body) as { data: ContentCollege[] }).data;
        const pick = (found: ContentCollege | undefined) => {
          if (!found) throw new Error(`the seeded colleges are not all there: ${body.slice(0, 300)}`);
          return found.id;
        };
        seen.inUse = pick(colleges.find((college) => college.studentCount > 0));
        seen.notTourism = pick(colleges.find((college) => !college.tourism));
        seen.tourism = pick(colleges.find((college) => college.tourism && college.programs.length > 0));
      },
    },
  },
];

/**
 * Issue 19: hostile input on the content calls for colleges and programs. Every refused write answers Arabic and
 * changes nothing; the accepted ones make a college and a program, edit them and delete them again, in order.
 */
export const CONTENT_COLLEGE_CASES: readonly HostileCase[] = [
  ...list,
  ...create,
  ...programs,
  ...edit,
  ...remove,
];
