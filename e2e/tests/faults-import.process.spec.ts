import { expect, test } from '@playwright/test';
import { longXlsx } from '../../api/src/modules/imports/testing/spreadsheets.js';
import { connectPortalDb } from '../portal-db.js';
import { killPortal } from '../portal-faults.js';
import { freshDataDir, type PortalServer, startPortal } from '../portal-server.js';

const ROWS = 50_000;
const FIRST_ID = 29_901_010_000_000;
const ROOT = { userName: 'fault.admin', password: 'Fault-Test-Pass-2026!' };
const ENV = { DEMO_DATA: '0', SUPERADMIN_USERNAME: ROOT.userName, SUPERADMIN_PASSWORD: ROOT.password };
const FACULTY = 'كلية التجارة';

async function upload(server: PortalServer, file: Buffer): Promise<number | 'no answer'> {
  try {
    const login = await fetch(`${server.url}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ROOT),
    });
    const { token } = (await login.json()) as { token: string };
    const form = new FormData();
    form.set('faculty', FACULTY);
    form.set('status', 'regular');
    form.set('file', new Blob([new Uint8Array(file)]), 'list.xlsx');
    const res = await fetch(`${server.url}/api/v1/students/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 'no answer';
  }
}

/** How many of the list's students and upload audit rows the database holds. */
async function stored(dataDir: string): Promise<{ students: number; uploads: number }> {
  const db = await connectPortalDb(dataDir);
  const counts = await db.query<{ students: number; uploads: number }>(
    `SELECT (SELECT count(*)::int FROM students WHERE national_id BETWEEN $1 AND $2) AS students,
       (SELECT count(*)::int FROM audit_log WHERE action = 'students.upload') AS uploads`,
    [String(FIRST_ID), String(FIRST_ID + ROWS - 1)],
  );
  await db.end();
  return counts.rows[0] as { students: number; uploads: number };
}

test('kill -9 in the middle of a 50,000-row import: after restart it is wholly there or wholly absent', async () => {
  test.setTimeout(240_000);
  const list = await longXlsx(ROWS, FIRST_ID);
  const dataDir = await freshDataDir();
  const first = await startPortal(dataDir, ENV);

  // Watch PostgreSQL for the import's one write statement, and kill the portal while it runs.
  const watcher = await connectPortalDb(dataDir);
  const answer = upload(first, list);
  let writing = false;
  for (const started = Date.now(); !writing && Date.now() - started < 120_000; ) {
    const active = await watcher.query(
      `SELECT 1 FROM pg_stat_activity
       WHERE state = 'active' AND pid <> pg_backend_pid() AND query LIKE '%INSERT INTO students AS s%'`,
    );
    writing = active.rows.length > 0;
    if (!writing) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await watcher.end();
  expect(writing).toBe(true);
  await killPortal(first);
  const status = await answer;
  expect(status).toBe('no answer');

  const second = await startPortal(dataDir, ENV);
  const afterCrash = await stored(dataDir);
  console.log(
    `faults/import: killed while the ${ROWS}-row write ran (upload: ${status}); after restart ` +
      `${afterCrash.students} students and ${afterCrash.uploads} upload audit rows`,
  );
  expect([
    { students: 0, uploads: 0 },
    { students: ROWS, uploads: 1 },
  ]).toContainEqual(afterCrash);

  // Nothing of the killed import is left in the way (locks, half rows): the same list imports whole.
  expect(await upload(second, list)).toBe(200);
  expect(await stored(dataDir)).toEqual({ students: ROWS, uploads: afterCrash.uploads + 1 });
  expect(await second.stop()).toBe(0);
});
