import { type CharterSectionContent, CONTENT_MESSAGES, STAFF_ROLES, type StaffRole } from '@portal/common';
import { describe, expect, it, vi } from 'vitest';
import { injectAs } from '../../../test/auth-helpers.js';
import { asExtracted, pdfPageCount, pdfText, printsLiterally } from '../../../test/pdf-text.js';
import { createSecondInstance } from '../../../test/second-instance.js';
import { createTestApp } from '../../../test/test-app.js';
import { CHARTER } from './charter-text.js';

const UNIVERSITY = 'جامعة الاختبار';
const { app, database } = await createTestApp({ UNIVERSITY_NAME: UNIVERSITY });
const query = async <T>(text: string, values?: unknown[]) =>
  (await database.pool.query(text, values)).rows as T[];

const CHARTER_URL = '/api/v1/content/charter';
const PREVIEW_URL = '/api/v1/content/charter/preview';
const BOOK_URL = '/api/v1/students/getStudentBook';

const other = await createSecondInstance(database.url, { UNIVERSITY_NAME: UNIVERSITY });

const publish = (sections: CharterSectionContent[], who: StaffRole = 'SUPERADMIN') =>
  injectAs(app, who, { method: 'PUT', url: CHARTER_URL, payload: { sections } });

/** Everything that a publish writes: what a refused one must leave as it was. */
async function writes() {
  const [counts] = await query<{ versions: number; audit: number; counter: number }>(`
    SELECT (SELECT count(*)::int FROM charter_versions) AS versions,
      (SELECT count(*)::int FROM audit_log WHERE action = 'content.charter.publish') AS audit,
      (SELECT version FROM content_versions WHERE kind = 'charter') AS counter`);
  return counts;
}

/** The charter as version 1 has it, with one paragraph added to its first section. */
function withParagraph(paragraph: string): CharterSectionContent[] {
  return CHARTER.sections.map((section, i) => ({
    title: section.title,
    paragraphs: i === 0 ? [...section.paragraphs, paragraph] : [...section.paragraphs],
  }));
}

/** How pdftotext gives an Arabic text back (the lam-alef ligature in visual order). */
const extracted = (text: string) => asExtracted(text);

describe('GET /content/charter', () => {
  it('answers the shipped charter as version 1, published by nobody, with the list of versions', async () => {
    const res = await injectAs(app, 'SUPERADMIN', { method: 'GET', url: CHARTER_URL });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.data).toMatchObject({ version: 1, publishedBy: null, sections: CHARTER.sections });
    expect(Date.parse(body.data.publishedAt)).not.toBeNaN();
    expect(body.versions).toEqual([{ version: 1, publishedBy: null, publishedAt: body.data.publishedAt }]);
  });
});

describe('roles', () => {
  const calls = [
    { method: 'GET', url: CHARTER_URL },
    { method: 'PUT', url: CHARTER_URL, payload: { sections: withParagraph('فقرة من غير المشرف العام') } },
    { method: 'GET', url: PREVIEW_URL },
    { method: 'POST', url: PREVIEW_URL, payload: { sections: CHARTER.sections } },
  ] as const;
  const others = STAFF_ROLES.filter((role) => role !== 'SUPERADMIN');

  it.each(calls.flatMap((call) => others.map((role) => [call.method, call.url, role, call] as const)))(
    '%s %s: %s is refused 403 with nothing written',
    async (_method, _url, role, call) => {
      const before = await writes();
      const res = await injectAs(app, role, {
        ...call,
        payload: 'payload' in call ? call.payload : undefined,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().status).toBe('error');
      expect(await writes()).toEqual(before);
    },
  );

  it.each(calls.map((call) => [call.method, call.url, call] as const))(
    '%s %s without a token is 401',
    async (_method, _url, call) => {
      const res = await app.inject({ method: call.method, url: call.url });
      expect(res.statusCode).toBe(401);
    },
  );
});

describe('GET /content/charter/preview', () => {
  it("shows the newest version's PDF inline: the same bytes students download", async () => {
    const res = await injectAs(app, 'SUPERADMIN', { method: 'GET', url: PREVIEW_URL });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="student-charter.pdf"/);
    const book = await app.inject({ method: 'GET', url: BOOK_URL });
    expect(book.rawPayload.equals(res.rawPayload)).toBe(true);
    expect(pdfText(res.rawPayload)).toContain('ميثاق');
  });
});

/**
 * Titles and paragraphs that are markup in Typst or HTML: the template reads them from JSON as strings, so each
 * must print as the characters typed. Each is one article of its own section (articles are numbered across
 * sections), so its line of the PDF is `مادة N: <text>`.
 */
const MARKUP = [
  '#set page(width: 1cm)',
  '$x^2$ و *عريض* و _مائل_',
  '] [ #{ } نص',
  '<b>عريض</b> <script>alert(1)</script>',
  '@ref <label> ~ -- ---',
  '\\ \\n \\u{41} C:\\temp\\ نص',
  '#read("/etc/passwd") #panic("x")',
  '// تعليق /* تعليق */ `raw`',
];
const markupSections = (): CharterSectionContent[] =>
  MARKUP.map((text, i) => ({ title: `${text} ${i + 1}`, paragraphs: [text] }));

function expectLiteral(text: string) {
  MARKUP.forEach((value, i) => {
    expect(printsLiterally(text, `${value} ${i + 1}`), `title ${value}\n${text}`).toBe(true);
    expect(printsLiterally(text, `مادة ${i + 1}: ${value}`), `paragraph ${value}\n${text}`).toBe(true);
  });
  expect(text).not.toMatch(/root:x:0:0/);
}

describe('POST /content/charter/preview', () => {
  it('renders the draft with its markup printed as text, and stores nothing', async () => {
    const before = await writes();
    const res = await injectAs(app, 'SUPERADMIN', {
      method: 'POST',
      url: PREVIEW_URL,
      payload: { sections: markupSections() },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="student-charter-draft.pdf"/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = pdfText(res.rawPayload);
    expectLiteral(text);
    // The shipped title, preamble and closing stay around the draft's sections, the university's name filled in.
    expect(text).toContain('ميثاق الطالب الجامعي');
    expect(text).toContain(extracted(UNIVERSITY));
    // `#set page(width: 1cm)` did not run: an A4 page holds the whole draft on a page or two.
    expect(pdfPageCount(res.rawPayload)).toBeLessThanOrEqual(2);
    expect(await writes()).toEqual(before);
  });

  it('fills {university} in the draft sections', async () => {
    const res = await injectAs(app, 'SUPERADMIN', {
      method: 'POST',
      url: PREVIEW_URL,
      payload: {
        sections: [{ title: 'باب عن {university}', paragraphs: ['تلتزم {university} بحقوق الطالب.'] }],
      },
    });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).not.toContain('{university}');
    expect(printsLiterally(text, extracted(`باب عن ${UNIVERSITY}`)), text).toBe(true);
  });

  it('refuses a draft the schema refuses, in Arabic', async () => {
    const res = await injectAs(app, 'SUPERADMIN', {
      method: 'POST',
      url: PREVIEW_URL,
      payload: { sections: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: CONTENT_MESSAGES.charterSectionsCount });
  });
});

describe('PUT /content/charter', () => {
  it('publishes version 2: getStudentBook serves it here at once and on another instance within a second', async () => {
    // Both instances hold version 1's PDF before the publish.
    const first = await app.inject({ method: 'GET', url: BOOK_URL });
    expect(first.headers.etag).toBe('"charter-v1"');
    const otherFirst = await other.inject({ method: 'GET', url: BOOK_URL });
    expect(otherFirst.headers.etag).toBe('"charter-v1"');
    expect(pdfText(otherFirst.rawPayload)).toBe(pdfText(first.rawPayload));

    const paragraph = 'يلتزم الطالب بقراءة النسخة الثانية من الميثاق كاملة.';
    const res = await publish(withParagraph(paragraph));
    const publishedAt = performance.now();
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe(CONTENT_MESSAGES.charterPublished);
    expect(body.data).toMatchObject({ version: 2, sections: withParagraph(paragraph) });
    expect(body.data.publishedBy).toMatch(/^superadmin_/);

    // This instance: at once.
    const here = await app.inject({ method: 'GET', url: BOOK_URL });
    expect(here.statusCode).toBe(200);
    expect(here.headers.etag).toBe('"charter-v2"');
    expect(pdfText(here.rawPayload)).toContain(extracted(paragraph));

    // The other instance: asked every 50 ms with the old tag (304 while unchanged), the first request sent a
    // second after the publish at the latest gets version 2.
    let answer = await other.inject({
      method: 'GET',
      url: BOOK_URL,
      headers: { 'if-none-match': '"charter-v1"' },
    });
    let sentAt = publishedAt;
    while (answer.statusCode === 304 && performance.now() - publishedAt < 3000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      sentAt = performance.now();
      answer = await other.inject({
        method: 'GET',
        url: BOOK_URL,
        headers: { 'if-none-match': '"charter-v1"' },
      });
    }
    expect(answer.statusCode).toBe(200);
    expect(answer.headers.etag).toBe('"charter-v2"');
    expect(sentAt - publishedAt).toBeLessThan(1000);
    expect(pdfText(answer.rawPayload)).toContain(extracted(paragraph));
    expect(pdfText(answer.rawPayload)).toBe(pdfText(here.rawPayload));
  });

  it('keeps every version: version 1 is unchanged and the list is newest first', async () => {
    const [one] = await query<{ sections: unknown; created_by_user_name: string | null }>(
      'SELECT sections, created_by_user_name FROM charter_versions WHERE version = 1',
    );
    expect(one).toEqual({ sections: CHARTER.sections, created_by_user_name: null });
    const res = await injectAs(app, 'SUPERADMIN', { method: 'GET', url: CHARTER_URL });
    const body = res.json();
    expect(body.data.version).toBe(2);
    expect(body.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(body.versions[0]).not.toHaveProperty('sections');
  });

  it('writes one audit row per publish naming the versions and what changed', async () => {
    const rows = await query<{
      actor_user_name: string;
      target_type: string;
      target_id: string;
      details: unknown;
    }>(
      `SELECT actor_user_name, target_type, target_id, details FROM audit_log
       WHERE action = 'content.charter.publish' ORDER BY created_at`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ target_type: 'charter', target_id: '2' });
    expect(rows[0]?.actor_user_name).toMatch(/^superadmin_/);
    expect(rows[0]?.details).toEqual({
      before: 1,
      after: 2,
      sections: CHARTER.sections.length,
      added: [],
      removed: [],
      edited: [CHARTER.sections[0]?.title],
      reordered: false,
    });
  });

  it('refuses sections identical to the newest version with 409 and writes nothing', async () => {
    const before = await writes();
    const current = (await injectAs(app, 'SUPERADMIN', { method: 'GET', url: CHARTER_URL })).json().data
      .sections;
    // Spaces around the text are trimmed before the comparison, as before storing.
    const padded = current.map((s: CharterSectionContent) => ({
      title: ` ${s.title} `,
      paragraphs: s.paragraphs.map((p) => `${p}\n`),
    }));
    const res = await publish(padded);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'error', message: CONTENT_MESSAGES.charterUnchanged });
    expect(await writes()).toEqual(before);
  });

  it('gives two publishes at once consecutive versions', async () => {
    const [a, b] = await Promise.all([
      publish(withParagraph('الفقرة المضافة في النشر المتزامن الأول.')),
      publish(withParagraph('الفقرة المضافة في النشر المتزامن الثاني.')),
    ]);
    expect([a?.statusCode, b?.statusCode]).toEqual([201, 201]);
    const versions = [a?.json().data.version, b?.json().data.version].sort();
    expect(versions).toEqual([3, 4]);
    const rows = await query<{ version: number }>('SELECT version FROM charter_versions ORDER BY version');
    expect(rows.map((row) => row.version)).toEqual([1, 2, 3, 4]);
    const audits = await query<{ target_id: string }>(
      `SELECT target_id FROM audit_log WHERE action = 'content.charter.publish' ORDER BY target_id`,
    );
    expect(audits.map((row) => row.target_id)).toEqual(['2', '3', '4']);
  });

  it('prints a published charter with markup as text, and renders each version once per instance', async () => {
    const render = vi.spyOn(app.pdf, 'render');
    try {
      const res = await publish(markupSections());
      expect(res.statusCode, res.body).toBe(201);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => app.inject({ method: 'GET', url: BOOK_URL })),
      );
      const preview = await injectAs(app, 'SUPERADMIN', { method: 'GET', url: PREVIEW_URL });
      expect(render).toHaveBeenCalledTimes(1);
      for (const answer of [...answers, preview])
        expect(answer.rawPayload.equals(preview.rawPayload)).toBe(true);
      expect(answers[0]?.headers.etag).toBe('"charter-v5"');
      expectLiteral(pdfText(preview.rawPayload));
      // The stored text is the text typed.
      const stored = (await injectAs(app, 'SUPERADMIN', { method: 'GET', url: CHARTER_URL })).json().data;
      expect(stored.sections).toEqual(markupSections());
    } finally {
      render.mockRestore();
    }
  });
});

describe('GET /students/getStudentBook', () => {
  it("answers 304 to a client that holds the newest version's PDF, and the PDF to one holding an older one", async () => {
    const fresh = await app.inject({ method: 'GET', url: BOOK_URL });
    const etag = String(fresh.headers.etag);
    const same = await app.inject({
      method: 'GET',
      url: BOOK_URL,
      headers: { 'if-none-match': `W/${etag}` },
    });
    expect(same.statusCode).toBe(304);
    expect(same.rawPayload.length).toBe(0);
    const old = await app.inject({
      method: 'GET',
      url: BOOK_URL,
      headers: { 'if-none-match': '"charter-v1"' },
    });
    expect(old.statusCode).toBe(200);
    expect(old.rawPayload.equals(fresh.rawPayload)).toBe(true);
  });
});
