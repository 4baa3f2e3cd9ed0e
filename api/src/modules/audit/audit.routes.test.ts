// Kept whole: the audit screen's route (filters, pages, refusals, export, a deleted student) with its seed helpers,
// on one app and one embedded database; another file would start another database.
import { randomUUID } from 'node:crypto';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_MESSAGES,
  AUDIT_PAGE_SIZE,
  type AuditEntryView,
  MESSAGES,
  STAFF_ROLES,
} from '@portal/common';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  injectAs,
  insertStaff,
  OTHER_FACULTY,
  TEST_FACULTY,
  type TestStaff,
} from '../../../test/auth-helpers.js';
import { insertStudent } from '../../../test/builders.js';
import { createTestApp, TEST_SECRET } from '../../../test/test-app.js';
import { auditLog, staffUsers } from '../../db/schema/index.js';
import { createLinkSigner } from '../../lib/signed-link.js';
import { AUDIT_EXPORT_LINK_PURPOSE } from './audit.service.js';
import { AUDIT_EXPORT_COLUMNS } from './audit-export.js';

const { app, database } = await createTestApp({ UNIVERSITY_TIMEZONE: 'Africa/Cairo' });
const { db } = database;

let superAdmin: TestStaff;
let support: TestStaff;
let facultyAdmin: TestStaff;

beforeEach(async () => {
  await db.execute(sql`TRUNCATE audit_log`);
  superAdmin = await insertStaff(db, { role: 'SUPERADMIN' });
  support = await insertStaff(db, { role: 'SUPPORT' });
  facultyAdmin = await insertStaff(db, { role: 'ADMIN', faculty: OTHER_FACULTY });
});

interface Seed {
  at: string;
  actor?: TestStaff | null;
  action?: string;
  nationalId?: string | null;
  name?: string | null;
  faculty?: string | null;
  id?: string;
}

/** Rows straight into the log, at chosen instants (inserting is what the log allows). */
async function seed(rows: Seed[]): Promise<void> {
  for (const row of rows)
    await db.insert(auditLog).values({
      id: row.id ?? randomUUID(),
      actorId: row.actor?.id ?? null,
      actorUserName: row.actor?.userName ?? null,
      action: row.action ?? 'staff.login',
      targetType: row.nationalId ? 'student' : null,
      studentNationalId: row.nationalId ?? null,
      studentName: row.name ?? null,
      faculty: row.faculty ?? null,
      createdAt: new Date(row.at),
    });
}

async function list(query: Record<string, string>, who: TestStaff = superAdmin) {
  return injectAs(app, who, { method: 'GET', url: '/api/v1/audit', query });
}

async function entries(query: Record<string, string>): Promise<AuditEntryView[]> {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: AuditEntryView[] }>().data;
}

describe('GET /audit filters', () => {
  beforeEach(async () => {
    await seed([
      {
        at: '2026-03-01T08:00:00Z',
        actor: support,
        action: 'student.view',
        nationalId: '30101011234567',
        name: 'أ',
        faculty: TEST_FACULTY,
      },
      {
        at: '2026-03-02T08:00:00Z',
        actor: facultyAdmin,
        action: 'student.review',
        nationalId: '30202021234567',
        name: 'ب',
        faculty: OTHER_FACULTY,
      },
      {
        at: '2026-03-03T08:00:00Z',
        actor: support,
        action: 'student.review',
        nationalId: '30202021234567',
        name: 'ب',
        faculty: OTHER_FACULTY,
      },
      { at: '2026-03-04T08:00:00Z', actor: null, action: 'staff.login_failed' },
      // 23:30 in Cairo on the 4th (UTC+2), the 5th at 00:30 in Cairo.
      { at: '2026-03-04T21:30:00Z', actor: superAdmin, action: 'staff.create' },
      { at: '2026-03-04T22:30:00Z', actor: superAdmin, action: 'staff.delete' },
    ]);
  });

  it('answers every row newest first, each with its Arabic label, student and faculty', async () => {
    const rows = await entries({});
    expect(rows.map((row) => row.action)).toEqual([
      'staff.delete',
      'staff.create',
      'staff.login_failed',
      'student.review',
      'student.review',
      'student.view',
    ]);
    expect(rows[5]).toMatchObject({
      at: '2026-03-01T08:00:00.000Z',
      actor: { id: support.id, userName: support.userName },
      label: AUDIT_ACTION_LABELS['student.view'],
      student: { nationalID: '30101011234567', name: 'أ' },
      faculty: TEST_FACULTY,
    });
    expect(rows[2]).toMatchObject({ actor: null, student: null, faculty: null });
  });

  it.each([
    ['actor', () => ({ actor: support.id }), ['student.review', 'student.view']],
    ['action', () => ({ action: 'student.review' }), ['student.review', 'student.review']],
    // Arabic-Indic digits, as the student login takes them.
    ['nationalID', () => ({ nationalID: '٣٠٢٠٢٠٢١٢٣٤٥٦٧' }), ['student.review', 'student.review']],
    ['faculty', () => ({ faculty: OTHER_FACULTY }), ['student.review', 'student.review']],
    ['from', () => ({ from: '2026-03-05' }), ['staff.delete']],
    [
      'to',
      () => ({ to: '2026-03-04' }),
      ['staff.create', 'staff.login_failed', 'student.review', 'student.review', 'student.view'],
    ],
    [
      'from and to (one day, inclusive)',
      () => ({ from: '2026-03-02', to: '2026-03-02' }),
      ['student.review'],
    ],
    ['actor and action', () => ({ actor: support.id, action: 'student.review' }), ['student.review']],
    [
      'faculty, national ID and range',
      () => ({ faculty: OTHER_FACULTY, nationalID: '30202021234567', from: '2026-03-03', to: '2026-03-31' }),
      ['student.review'],
    ],
    ['nothing matching', () => ({ actor: facultyAdmin.id, action: 'student.view' }), []],
  ])('filters by %s', async (_name, query, expected) => {
    expect((await entries(query())).map((row) => row.action)).toEqual(expected);
  });

  it('takes blank filters as none', async () => {
    expect(
      await entries({ actor: '', action: '', nationalID: ' ', faculty: '', from: '', to: '' }),
    ).toHaveLength(6);
  });
});

describe('GET /audit pages', () => {
  it('walks every row once with its cursor, equal instants ordered by id, without gaps or repeats', async () => {
    const sameInstant = Array.from({ length: 70 }, () => ({
      at: '2026-04-01T10:00:00.123456Z',
      actor: support,
    }));
    const earlier = Array.from({ length: 40 }, (_, index) => ({
      at: new Date(Date.UTC(2026, 2, 1, 10, 0, index)).toISOString(),
      actor: support,
    }));
    await seed([...sameInstant, ...earlier]);
    // A microsecond apart from the tie: kept in its place though JavaScript's dates stop at milliseconds.
    await db.execute(
      sql`INSERT INTO audit_log (action, created_at) VALUES ('staff.login', '2026-04-01T10:00:00.123457Z')`,
    );

    const seen: AuditEntryView[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list(cursor ? { cursor } : {});
      const body = res.json<{ data: AuditEntryView[]; nextCursor: string | null }>();
      seen.push(...body.data);
      cursor = body.nextCursor;
      pages += 1;
      if (cursor) expect(body.data).toHaveLength(AUDIT_PAGE_SIZE);
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(111);
    expect(new Set(seen.map((row) => row.id)).size).toBe(111);
    const { rows } = await db.execute(sql`SELECT id FROM audit_log ORDER BY created_at DESC, id DESC`);
    expect(seen.map((row) => row.id)).toEqual(rows.map((row) => row.id));
    expect(seen[0]?.actor).toBeNull();
  });

  it('pages a filtered view with the same filters', async () => {
    await seed(
      Array.from({ length: 60 }, (_, index) => ({
        at: new Date(Date.UTC(2026, 4, 1, 0, index)).toISOString(),
        actor: index % 2 === 0 ? support : facultyAdmin,
      })),
    );
    const first = (await list({ actor: support.id })).json<{
      data: AuditEntryView[];
      nextCursor: string | null;
    }>();
    expect(first.data).toHaveLength(30);
    expect(first.nextCursor).toBeNull();
  });
});

describe('GET /audit refuses', () => {
  it.each(STAFF_ROLES.filter((role) => role !== 'SUPERADMIN'))('the %s role (403)', async (role) => {
    const res = await injectAs(app, role, { method: 'GET', url: '/api/v1/audit' });
    expect(res.statusCode).toBe(403);
    const exported = await injectAs(app, role, { method: 'POST', url: '/api/v1/audit/export', payload: {} });
    expect(exported.statusCode).toBe(403);
  });

  it('a call without a token (401)', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/audit' })).statusCode).toBe(401);
  });

  it.each([
    [{ actor: 'someone' }, AUDIT_MESSAGES.actorInvalid],
    [{ action: 'staff.unknown' }, AUDIT_MESSAGES.actionInvalid],
    [{ nationalID: '1'.repeat(40) }, AUDIT_MESSAGES.nationalIdInvalid],
    [{ faculty: 'ك'.repeat(201) }, AUDIT_MESSAGES.facultyTooLong],
    [{ from: '2026-02-30' }, AUDIT_MESSAGES.dateInvalid],
    [{ to: '01/03/2026' }, AUDIT_MESSAGES.dateInvalid],
    [{ from: '2026-03-05', to: '2026-03-04' }, AUDIT_MESSAGES.dateRangeInvalid],
    [{ cursor: 'not a cursor' }, AUDIT_MESSAGES.cursorInvalid],
    [
      { cursor: Buffer.from('2026-01-01T00:00:00.000000Z|x').toString('base64url') },
      AUDIT_MESSAGES.cursorInvalid,
    ],
  ])('bad filters %j with an Arabic 400', async (query, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message });
  });
});

async function sheetOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return { sheet, rows };
}

describe('the export', () => {
  it('answers a link to an .xlsx of the filtered rows, right-to-left, and audits the request and the download', async () => {
    await seed([
      {
        at: '2026-03-01T08:00:00Z',
        actor: support,
        action: 'student.view',
        nationalId: '30101011234567',
        name: 'منى',
        faculty: TEST_FACULTY,
      },
      {
        at: '2026-03-02T08:00:00Z',
        actor: facultyAdmin,
        action: 'student.view',
        nationalId: '30202021234567',
        name: 'سعد',
        faculty: OTHER_FACULTY,
      },
      { at: '2026-03-03T08:00:00Z', actor: support, action: 'staff.login' },
    ]);
    const link = await injectAs(app, superAdmin, {
      method: 'POST',
      url: '/api/v1/audit/export',
      payload: { action: 'student.view' },
    });
    expect(link.statusCode, link.body).toBe(200);
    const { path } = link.json<{ path: string }>();
    expect(path).toMatch(/^\/api\/v1\/audit\/export\/[\w-]+\.[\w-]{43}$/);
    // Rows written after the link (its own audit row among them) are not in the file it stands for.
    await seed([
      {
        at: new Date().toISOString(),
        actor: support,
        action: 'student.view',
        nationalId: '1',
        name: 'later',
      },
    ]);

    const file = await app.inject({ method: 'GET', url: path });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const { sheet, rows } = await sheetOf(file.rawPayload);
    expect(sheet.views[0]?.rightToLeft).toBe(true);
    expect(rows[0]).toEqual(AUDIT_EXPORT_COLUMNS.map((column) => column.header));
    expect(rows.slice(1).map((row) => row.slice(0, 7))).toEqual([
      // On the university's clock (Cairo, UTC+2 in March).
      [
        '2026-03-02 10:00:00',
        facultyAdmin.userName,
        AUDIT_ACTION_LABELS['student.view'],
        'student.view',
        '30202021234567',
        'سعد',
        OTHER_FACULTY,
      ],
      [
        '2026-03-01 10:00:00',
        support.userName,
        AUDIT_ACTION_LABELS['student.view'],
        'student.view',
        '30101011234567',
        'منى',
        TEST_FACULTY,
      ],
    ]);

    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, superAdmin.id), sql`${auditLog.action} LIKE 'audit.%'`))
      .orderBy(auditLog.createdAt);
    expect(audits.map((row) => [row.action, row.details])).toEqual([
      ['audit.export', expect.objectContaining({ filters: { action: 'student.view' }, rows: 2 })],
      ['audit.export_download', { filters: { action: 'student.view' }, rows: 2 }],
    ]);
  });

  it(`refuses past ${AUDIT_EXPORT_MAX_ROWS} matching rows with an Arabic 400, and writes nothing`, async () => {
    await db.execute(sql`
      INSERT INTO audit_log (actor_id, action, created_at)
      SELECT ${support.id}::uuid, 'staff.login', now() - (g || ' seconds')::interval
      FROM generate_series(1, ${AUDIT_EXPORT_MAX_ROWS + 1}) AS g`);
    const res = await injectAs(app, superAdmin, {
      method: 'POST',
      url: '/api/v1/audit/export',
      payload: { actor: support.id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: AUDIT_MESSAGES.exportTooLarge });
    expect(await db.select().from(auditLog).where(eq(auditLog.action, 'audit.export'))).toEqual([]);
  }, 60_000);

  it('refuses bad filters, a forged, expired or foreign link, and a link of an account no longer SUPERADMIN', async () => {
    const bad = await injectAs(app, superAdmin, {
      method: 'POST',
      url: '/api/v1/audit/export',
      payload: { from: '2026-03-05', to: '2026-03-01' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: 'error', message: AUDIT_MESSAGES.dateRangeInvalid });

    const links = createLinkSigner(TEST_SECRET);
    const data = { s: superAdmin.id, i: Date.now(), f: {}, b: null, n: 0 };
    // The signature's first character changed: all six of its bits are signature (its last ones are partly
    // padding, so overwriting the end left the signature as it was about one run in a thousand).
    const [payload, signature = ''] = links.sign(AUDIT_EXPORT_LINK_PURPOSE, data, 60_000).split('.');
    const forged = `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect((await app.inject({ method: 'GET', url: `/api/v1/audit/export/${forged}` })).statusCode).toBe(403);
    const foreign = links.sign('interview-export', data, 60_000);
    expect((await app.inject({ method: 'GET', url: `/api/v1/audit/export/${foreign}` })).statusCode).toBe(
      403,
    );
    const expired = links.sign(AUDIT_EXPORT_LINK_PURPOSE, data, 60_000, Date.now() - 20 * 60_000);
    const late = await app.inject({ method: 'GET', url: `/api/v1/audit/export/${expired}` });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ status: 'error', message: MESSAGES.downloadLinkExpired });
    const badFilters = links.sign(AUDIT_EXPORT_LINK_PURPOSE, { ...data, f: { action: 'nope' } }, 60_000);
    expect((await app.inject({ method: 'GET', url: `/api/v1/audit/export/${badFilters}` })).statusCode).toBe(
      400,
    );

    const demoted = await insertStaff(db, { role: 'SUPERADMIN' });
    const { path } = (
      await injectAs(app, demoted, { method: 'POST', url: '/api/v1/audit/export', payload: {} })
    ).json<{ path: string }>();
    await db.update(staffUsers).set({ role: 'SUPPORT' }).where(eq(staffUsers.id, demoted.id));
    const lost = await app.inject({ method: 'GET', url: path });
    expect(lost.statusCode).toBe(403);
    expect(lost.json()).toEqual({ status: 'error', message: MESSAGES.downloadLinkInvalid });
    expect(await db.select().from(auditLog).where(eq(auditLog.action, 'audit.export_download'))).toEqual([]);
  });
});

describe('a deleted student on the audit screen', () => {
  it('keeps its national ID and name on every row that names it, its deletion included', async () => {
    const student = await insertStudent(db, { name: 'هالة محمود فؤاد', college: TEST_FACULTY });
    const opened = await injectAs(app, support, {
      method: 'GET',
      url: `/api/v1/students/record/${student.id}`,
    });
    expect(opened.statusCode).toBe(200);
    const deleted = await injectAs(app, support, {
      method: 'DELETE',
      url: `/api/v1/students/deleteStudent/${student.id}`,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const rows = await entries({ nationalID: student.nationalId });
    expect(rows.map((row) => row.action)).toEqual(['student.delete', 'student.view']);
    for (const row of rows)
      expect(row).toMatchObject({
        student: { nationalID: student.nationalId, name: 'هالة محمود فؤاد' },
        faculty: TEST_FACULTY,
        actor: { id: support.id },
      });
  });
});
