import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { COMPLETE_DATA_FIELDS } from '../../api/test/complete-data-fields.js';
import { tinyPng } from '../../api/test/images.js';
import { connectPortalDb } from '../portal-db.js';
import { ageFiles, filesUnder, killPortal, logEntry } from '../portal-faults.js';
import { freshDataDir, startPortal } from '../portal-server.js';

const SUBMISSIONS = 200;
/** The server is killed once this many submissions have been answered. */
const KILL_AFTER_ANSWERS = 40;
const KINDS = [
  'frontIdCard',
  'backIdCard',
  'birthCertificate',
  'personalPhoto',
  'secondarySchoolCertificate',
  'nominationCard',
] as const;
const TWO_HOURS_MS = 2 * 60 * 60 * 1000;
const ENV = { DEMO_DATA: '0', STUDENT_LOOKUP_RATE_LIMIT: '100000' };

interface Submission {
  id: string;
  nationalId: string;
  address: string;
  images: Map<string, Buffer>;
  cookie?: string;
  status?: number | 'no answer';
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer();

async function login(url: string, submission: Submission): Promise<string> {
  const res = await fetch(`${url}/api/v1/students/getStudent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nationalID: submission.nationalId }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

async function submit(url: string, submission: Submission): Promise<number | 'no answer'> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...COMPLETE_DATA_FIELDS, address: submission.address })) {
    form.set(name, value);
  }
  for (const [kind, bytes] of submission.images) {
    form.append('photos', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `scan.png__${kind}`);
  }
  try {
    const res = await fetch(`${url}/api/v1/students/completeStudentData/${submission.id}`, {
      method: 'PATCH',
      headers: { cookie: submission.cookie ?? '' },
      body: form,
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 'no answer';
  }
}

test('kill -9 during 200 concurrent complete-data submissions: every 200 whole, none half, no orphan file', async () => {
  test.setTimeout(180_000);
  const dataDir = await freshDataDir();
  const first = await startPortal(dataDir, ENV);

  const db = await connectPortalDb(dataDir);
  const inserted = await db.query<{ id: string; national_id: string }>(
    `INSERT INTO students (national_id, name, seat_no, college_id, enrollment_status)
     SELECT '2990101' || lpad(g::text, 7, '0'), 'طالب اختبار الأعطال ' || g, '123456',
       (SELECT id FROM colleges WHERE name = 'كلية التجارة'), 'regular'
     FROM generate_series(1, $1::int) AS g
     RETURNING id, national_id`,
    [SUBMISSIONS],
  );
  await db.end();
  // Every student sends six images that differ from every other image sent, so a mix-up cannot pass.
  const submissions: Submission[] = inserted.rows.map((row, i) => ({
    id: row.id,
    nationalId: row.national_id,
    address: `شارع الاختبار رقم ${i}`,
    images: new Map(KINDS.map((kind, k) => [kind, tinyPng([i % 250, 40 * k, 7 + Math.floor(i / 250)], 3)])),
  }));
  for (const submission of submissions) submission.cookie = await login(first.url, submission);

  let answered = 0;
  await Promise.all(
    submissions.map(async (submission) => {
      submission.status = await submit(first.url, submission);
      answered += 1;
      if (answered === KILL_AFTER_ANSWERS) await killPortal(first);
    }),
  );
  const ok = submissions.filter((s) => s.status === 200);
  const notOk = submissions.filter((s) => s.status !== 200);
  const statuses: Record<string, number> = {};
  for (const { status } of submissions) statuses[String(status)] = (statuses[String(status)] ?? 0) + 1;
  console.log(
    `faults/submissions: killed after ${KILL_AFTER_ANSWERS} answers; statuses ${JSON.stringify(statuses)}`,
  );
  expect(ok.length).toBeGreaterThanOrEqual(1);
  expect(notOk.length).toBeGreaterThanOrEqual(1);

  // The grace period of the sweeps passes, then the portal starts again on the same data folder.
  const imagesDir = path.join(dataDir, 'images');
  const filesAfterKill = await filesUnder(imagesDir);
  await ageFiles(imagesDir, TWO_HOURS_MS);
  await ageFiles(path.join(dataDir, 'tmp'), TWO_HOURS_MS);
  const second = await startPortal(dataDir, ENV);
  const sweep = await logEntry(second, 'orphan image sweep finished');

  const check = await connectPortalDb(dataDir);
  const rows = await check.query<{
    id: string;
    is_complete: boolean;
    address: string | null;
    student_name_en: string | null;
    images: { kind: string; storage_key: string; sha256: string; size_bytes: number }[];
  }>(
    `SELECT s.id, s.is_complete, s.address, s.student_name_en,
       coalesce(json_agg(json_build_object('kind', i.kind, 'storage_key', i.storage_key, 'sha256', i.sha256,
         'size_bytes', i.size_bytes)) FILTER (WHERE i.id IS NOT NULL), '[]') AS images
     FROM students s LEFT JOIN student_images i ON i.student_id = s.id
     WHERE s.id = ANY($1::uuid[]) GROUP BY s.id`,
    [submissions.map((s) => s.id)],
  );
  const keys = await check.query<{ storage_key: string }>('SELECT storage_key FROM student_images');
  await check.end();
  const byId = new Map(rows.rows.map((row) => [row.id, row]));

  let whole = 0;
  let absent = 0;
  for (const submission of submissions) {
    const row = byId.get(submission.id);
    if (!row) throw new Error(`student ${submission.id} is gone`);
    if (!row.is_complete) {
      // Never stored: nothing of it may be there.
      expect(submission.status).not.toBe(200);
      expect({ address: row.address, nameEn: row.student_name_en, images: row.images }).toEqual({
        address: null,
        nameEn: null,
        images: [],
      });
      absent += 1;
      continue;
    }
    // Stored (every 200, and any submit committed just before the kill): data and six images, each the picture
    // sent, pixel for pixel (stored images are re-encoded without metadata, issue 34), its recorded digest the
    // stored file's.
    expect(row.address).toBe(submission.address);
    expect(row.student_name_en).toBe(COMPLETE_DATA_FIELDS.studentNameEn);
    expect(row.images.map((image) => image.kind).sort()).toEqual([...KINDS].sort());
    for (const image of row.images) {
      const sent = submission.images.get(image.kind) as Buffer;
      const stored = await readFile(path.join(imagesDir, image.storage_key));
      expect(image.sha256).toBe(sha256(stored));
      expect(await pixels(stored)).toEqual(await pixels(sent));
    }
    whole += 1;
  }
  expect(whole).toBeGreaterThanOrEqual(ok.length);

  // After the sweep the image folder holds exactly the recorded images: no orphan, no temporary file.
  const recorded = keys.rows.map((row) => row.storage_key).sort();
  expect(await filesUnder(imagesDir)).toEqual(recorded);
  expect(await filesUnder(path.join(dataDir, 'tmp'))).toEqual([]);
  console.log(
    `faults/submissions after restart: ${whole} stored whole (${ok.length} of them answered 200), ` +
      `${absent} wholly absent, 0 half-stored; files after the kill ${filesAfterKill.length} → ` +
      `${recorded.length} recorded, orphan sweep ${JSON.stringify({ checked: sweep.checked, removed: sweep.removed })}`,
  );
  expect(await second.stop()).toBe(0);
});
