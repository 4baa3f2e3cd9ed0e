import { CONTENT_LIMITS, CONTENT_MESSAGES, MESSAGES } from '@portal/common';
import { pdfText, printsLiterally } from '../pdf-text.js';
import type { CaseContext, HostileBody, HostileCase } from './hostile-case.js';
import { hugeJson, NUL, SCRIPT_TAG, SQL_DROP, TYPST_MARKUP } from './payloads.js';

/**
 * Issue 19: hostile input on the content calls for the charter (the versions, publishing, the preview of the newest
 * version and of a draft). Every refused write answers Arabic and changes nothing; markup and Typst syntax are
 * text, stored as typed and printed as typed.
 */

const json = (value: unknown): HostileBody => ({ kind: 'json', value });
const raw = (payload: string): HostileBody => ({ kind: 'raw', payload, contentType: 'application/json' });

/** A section the schema takes; each case below spoils one thing of it. */
const SECTION = { title: 'أحكام عامة', paragraphs: ['تسري أحكام هذا الميثاق على جميع الطلاب.'] };

/** Titles and paragraphs that are markup for the screens or for Typst: the accepted publish stores them as text. */
const MARKUP_SECTIONS = [
  { title: '#set page(width: 1cm)', paragraphs: ['$x^2$ و ] [ و <b>عريض</b> و @ref و \\ و \\u{41}'] },
  { title: SCRIPT_TAG, paragraphs: [TYPST_MARKUP, SQL_DROP] },
];

const badBodies: readonly (readonly [string, unknown, string | undefined])[] = [
  ['no sections', { sections: [] }, CONTENT_MESSAGES.charterSectionsCount],
  ['sections as a string', { sections: 'أحكام عامة' }, CONTENT_MESSAGES.charterSectionsCount],
  ['sections as an object', { sections: { 0: SECTION } }, CONTENT_MESSAGES.charterSectionsCount],
  ['a body that is an array', [SECTION], undefined],
  ['an unknown field beside the sections', { sections: [SECTION], version: 7 }, undefined],
  ['an unknown field in a section', { sections: [{ ...SECTION, html: '<b>x</b>' }] }, undefined],
  ['a section that is a string', { sections: ['أحكام عامة'] }, CONTENT_MESSAGES.charterTitleInvalid],
  ['a title of one letter', { sections: [{ ...SECTION, title: 'ب' }] }, CONTENT_MESSAGES.charterTitleInvalid],
  ['a title of spaces', { sections: [{ ...SECTION, title: '     ' }] }, CONTENT_MESSAGES.charterTitleInvalid],
  [
    'a title one letter too long',
    { sections: [{ ...SECTION, title: 'ب'.repeat(CONTENT_LIMITS.sectionTitle.max + 1) }] },
    CONTENT_MESSAGES.charterTitleInvalid,
  ],
  ['a title as a number', { sections: [{ ...SECTION, title: 42 }] }, CONTENT_MESSAGES.charterTitleInvalid],
  ['a section without paragraphs', { sections: [{ ...SECTION, paragraphs: [] }] }, undefined],
  ['an empty paragraph', { sections: [{ ...SECTION, paragraphs: [''] }] }, undefined],
  ['a paragraph of spaces and new lines', { sections: [{ ...SECTION, paragraphs: [' \n\t '] }] }, undefined],
  [
    'a paragraph one letter too long',
    { sections: [{ ...SECTION, paragraphs: ['ف'.repeat(CONTENT_LIMITS.paragraph.max + 1)] }] },
    CONTENT_MESSAGES.charterParagraphInvalid,
  ],
  ['a paragraph as an object', { sections: [{ ...SECTION, paragraphs: [{ $ne: null }] }] }, undefined],
  ['paragraphs as a string', { sections: [{ ...SECTION, paragraphs: 'فقرة' }] }, undefined],
  [
    'one paragraph too many',
    { sections: [{ ...SECTION, paragraphs: Array.from({ length: 101 }, (_, i) => `فقرة ${i}`) }] },
    CONTENT_MESSAGES.charterParagraphsCount,
  ],
  [
    'one section too many',
    {
      sections: Array.from({ length: CONTENT_LIMITS.sections.max + 1 }, (_, i) => ({
        ...SECTION,
        title: `باب ${i}`,
      })),
    },
    CONTENT_MESSAGES.charterSectionsCount,
  ],
  [
    'two sections of one title',
    { sections: [SECTION, { ...SECTION }] },
    CONTENT_MESSAGES.charterTitleDuplicate,
  ],
  [
    'two titles that differ only by spaces',
    { sections: [SECTION, { ...SECTION, title: ` ${SECTION.title} ` }] },
    CONTENT_MESSAGES.charterTitleDuplicate,
  ],
  [
    'a paragraph with a NUL byte',
    { sections: [{ ...SECTION, paragraphs: [`فقرة${NUL}`] }] },
    MESSAGES.textUnstorable,
  ],
  ['a title with a NUL byte', { sections: [{ ...SECTION, title: `باب${NUL}` }] }, MESSAGES.textUnstorable],
];

/** The same refusals for publishing and for a draft preview: neither writes anything. */
function refusedBodies(route: 'PUT /content/charter' | 'POST /content/charter/preview'): HostileCase[] {
  const call = route.startsWith('PUT') ? 'publish charter' : 'charter draft preview';
  return [
    ...badBodies.map(
      ([what, body, message]): HostileCase => ({
        name: `${call}: ${what}`,
        route,
        who: 'SUPERADMIN',
        request: () => ({ body: json(body) }),
        status: 400,
        ...(message ? { message } : {}),
      }),
    ),
    {
      name: `${call}: a __proto__ key`,
      route,
      who: 'SUPERADMIN',
      request: () => ({
        body: raw(`{"__proto__":{"polluted":"yes"},"sections":${JSON.stringify([SECTION])}}`),
      }),
      status: 400,
    },
    {
      name: `${call}: a body over 1 MB`,
      route,
      who: 'SUPERADMIN',
      request: () => ({ body: raw(hugeJson('sections', 1024 * 1024 + 10)) }),
      status: 413,
      message: MESSAGES.bodyTooLarge,
    },
    {
      name: `${call}: a body that is not JSON`,
      route,
      who: 'SUPERADMIN',
      request: () => ({ body: raw('{"sections": [') }),
      status: 400,
    },
    ...(['ADMIN', 'SUPPORT', 'SOCIAL_ADMIN'] as const).map(
      (who): HostileCase => ({
        name: `${call}: a ${who} account`,
        route,
        who,
        request: () => ({ body: json({ sections: MARKUP_SECTIONS }) }),
        status: 403,
      }),
    ),
    {
      name: `${call}: a student`,
      route,
      who: 'student',
      request: () => ({ body: json({ sections: MARKUP_SECTIONS }) }),
      status: 401,
    },
  ];
}

/** The newest version as the content screen reads it, straight from the database. */
async function newestSections(ctx: CaseContext): Promise<unknown> {
  const [row] = await ctx.query<{ sections: unknown }>(
    'SELECT sections FROM charter_versions ORDER BY version DESC LIMIT 1',
  );
  return row?.sections;
}

const reads: HostileCase[] = [
  ...(['ADMIN', 'SUPPORT'] as const).map(
    (who): HostileCase => ({
      name: `charter versions: a ${who} account`,
      route: 'GET /content/charter',
      who,
      request: () => ({}),
      status: 403,
    }),
  ),
  {
    name: 'charter versions: a student',
    route: 'GET /content/charter',
    who: 'student',
    request: () => ({}),
    status: 401,
  },
  {
    name: 'charter versions: a query that is SQL is ignored',
    route: 'GET /content/charter',
    who: 'SUPERADMIN',
    request: () => ({ path: `/content/charter?version=${encodeURIComponent(SQL_DROP)}` }),
    status: 200,
    accepted: {
      verify: (_ctx, body) => {
        const answer = JSON.parse(body) as { data: { version: number }; versions: unknown[] };
        if (answer.data.version < 1 || answer.versions.length < 1) throw new Error(`no charter: ${body}`);
      },
    },
  },
  ...(['ADMIN', 'SOCIAL_ADMIN'] as const).map(
    (who): HostileCase => ({
      name: `charter preview: a ${who} account`,
      route: 'GET /content/charter/preview',
      who,
      request: () => ({}),
      status: 403,
    }),
  ),
  {
    name: 'charter preview: anonymous',
    route: 'GET /content/charter/preview',
    who: 'anonymous',
    request: () => ({}),
    status: 401,
  },
  {
    name: 'charter preview: a path in the query is ignored',
    route: 'GET /content/charter/preview',
    who: 'SUPERADMIN',
    request: () => ({ path: '/content/charter/preview?file=..%2F..%2Fetc%2Fpasswd&version=0' }),
    status: 200,
    accepted: {
      verify: (_ctx, body) => {
        if (!body.startsWith('%PDF-')) throw new Error(`not a PDF: ${body.slice(0, 100)}`);
      },
    },
  },
];

const publish: HostileCase[] = [
  ...refusedBodies('PUT /content/charter'),
  {
    name: 'publish charter: markup and Typst syntax are stored as text and printed as text',
    route: 'PUT /content/charter',
    who: 'SUPERADMIN',
    request: () => ({ body: json({ sections: MARKUP_SECTIONS }) }),
    status: 201,
    accepted: {
      mayChange: ['charter_versions', 'content_versions', 'audit_log'],
      verify: async (ctx) => {
        const stored = await newestSections(ctx);
        if (JSON.stringify(stored) !== JSON.stringify(MARKUP_SECTIONS))
          throw new Error(`stored otherwise: ${JSON.stringify(stored)}`);
        const book = await ctx.inject('/students/getStudentBook');
        const text = pdfText(book.rawPayload);
        // Articles are numbered across sections: the markup section's paragraphs are articles 1, 2 and 3.
        const lines = [
          MARKUP_SECTIONS[0]?.title,
          `مادة 1: ${MARKUP_SECTIONS[0]?.paragraphs[0]}`,
          SCRIPT_TAG,
          `مادة 2: ${TYPST_MARKUP}`,
          `مادة 3: ${SQL_DROP}`,
        ];
        for (const line of lines)
          if (!printsLiterally(text, String(line))) throw new Error(`not printed as typed: ${line}\n${text}`);
        if (/root:x:0:0/.test(text)) throw new Error('a file was read into the charter');
      },
    },
  },
  {
    name: 'publish charter: the same sections again change nothing (409)',
    route: 'PUT /content/charter',
    who: 'SUPERADMIN',
    request: () => ({ body: json({ sections: MARKUP_SECTIONS }) }),
    status: 409,
    message: CONTENT_MESSAGES.charterUnchanged,
  },
];

const draft: HostileCase[] = [
  ...refusedBodies('POST /content/charter/preview'),
  {
    name: 'charter draft preview: markup and Typst syntax render as a PDF and store nothing',
    route: 'POST /content/charter/preview',
    who: 'SUPERADMIN',
    request: () => ({ body: json({ sections: [...MARKUP_SECTIONS, SECTION] }) }),
    status: 200,
    accepted: {
      verify: (_ctx, body) => {
        if (!body.startsWith('%PDF-')) throw new Error(`not a PDF: ${body.slice(0, 100)}`);
      },
    },
  },
];

/** Every charter case, for the hostile-input table (api/src/hostile-input.test.ts). */
export const CONTENT_CHARTER_CASES: readonly HostileCase[] = [...reads, ...publish, ...draft];
