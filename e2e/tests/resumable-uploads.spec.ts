import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import {
  canvasJpeg,
  fillCommon,
  IMAGE_LABELS,
  type ImageFile,
  type ImageKind,
  imageInput,
  noiseJpeg,
  noisePng,
  submitAndReachForms,
} from '../complete-data-form.js';
import { jpegMetadataMarkers, jpegSize, pngMetadataChunks, withCameraExif } from '../exif-jpeg.js';
import { expect, test } from '../fixtures.js';
import { logIn } from '../student-steps.js';

// Issue 34: six documents from a phone on a bad connection. Each uploads on its own (tus) as soon as it is picked:
// an iPhone HEIC photo (converted in the browser), a 24-megapixel camera JPEG with GPS and a sideways EXIF
// orientation (shrunk in a web worker), a dropped connection in the middle of the third,
// a reload in the middle of the fifth; the submit then stores six upright images without metadata.
// e2e/fixtures/id-card.heic: `heif-enc -q 50` of a 320×240 gradient PNG (libheif 1.15).

/** Slow enough that "the middle of an upload" lasts seconds: 60 kB/s up, 150 ms latency. */
const THROTTLED = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 60_000 };
/** The documents that travel under the throttle: about 300 kB of random pixels each (five seconds). */
const NOISE_SIDE = 310;

/**
 * The phone's connection: throttled, or lost. One DevTools session holds the conditions: the context's offline
 * switch (which fires the page's offline/online events) alone would be overridden by the throttle.
 */
async function connection(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const throttled = () => cdp.send('Network.emulateNetworkConditions', THROTTLED);
  await throttled();
  return {
    lose: async () => {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: true,
        latency: 0,
        downloadThroughput: 0,
        uploadThroughput: 0,
      });
      await page.context().setOffline(true);
    },
    regain: async () => {
      await page.context().setOffline(false);
      await throttled();
    },
  };
}

/** The document's own card: the innermost paper around its input (the section's paper holds them all). */
const card = (page: Page, kind: ImageKind) =>
  page
    .locator('.mantine-Paper-root')
    .filter({ has: imageInput(page, kind) })
    .last();
const bar = (page: Page, kind: ImageKind) =>
  page.getByRole('progressbar', { name: `نسبة رفع ${IMAGE_LABELS[kind]}` });
const uploaded = (page: Page, kind: ImageKind) => card(page, kind).getByText('تم رفع الصورة.');

/** Waits until the kind's upload is past `from` % and short of its end, and answers the percentage. */
async function midway(page: Page, kind: ImageKind, from = 15): Promise<number> {
  let percent = 0;
  await expect
    .poll(
      async () => {
        percent = Number((await bar(page, kind).getAttribute('aria-valuenow')) ?? 0);
        return percent;
      },
      { timeout: 30_000, intervals: [100] },
    )
    .toBeGreaterThanOrEqual(from);
  expect(percent, 'the upload must still be under way').toBeLessThan(90);
  return percent;
}

/** The tus exchanges of each kind: its creations, and the offset each resume (HEAD) found on the server. */
function watchUploads(page: Page) {
  const kindOfUpload = new Map<string, ImageKind>();
  const creations: ImageKind[] = [];
  const resumedAt = new Map<ImageKind, number[]>();
  page.context().on('response', async (response) => {
    const request: Request = response.request();
    if (request.method() === 'POST' && response.url().endsWith('/api/v1/uploads')) {
      const metadata = (await request.allHeaders())['upload-metadata'] ?? '';
      const encoded = /(?:^|,)kind ([^,]+)/.exec(metadata)?.[1] ?? '';
      const kind = Buffer.from(encoded, 'base64').toString() as ImageKind;
      creations.push(kind);
      const location = response.headers().location;
      if (location) kindOfUpload.set(location.split('/').pop() ?? '', kind);
    }
    if (request.method() === 'HEAD' && response.url().includes('/api/v1/uploads/')) {
      const kind = kindOfUpload.get(response.url().split('/').pop() ?? '');
      const offset = Number(response.headers()['upload-offset']);
      if (kind) resumedAt.set(kind, [...(resumedAt.get(kind) ?? []), offset]);
    }
  });
  return { creations, resumedAt };
}

test('six documents on a bad connection: HEIC, 24 MP, offline mid-upload, reload mid-upload, all stored clean', async ({
  page,
  db,
  createStudent,
}, info) => {
  test.skip(info.project.name !== 'phone', 'a phone on mobile data: checked by the phone project');
  test.setTimeout(180_000);
  const student = await createStudent({ isPassed: true, completedQuestions: true });
  const uploads = watchUploads(page);

  // A camera's 24-megapixel photo, drawn on another page so its drawing is not a long task of the form's.
  const drawing = await page.context().newPage();
  const camera = withCameraExif(await canvasJpeg(drawing, 6000, 4000), {
    orientation: 6,
    latitude: 31.0409,
    longitude: 31.3785,
  });
  // The fifth is a photo too: the JPEG compression is deterministic, so picking it again after the reload makes
  // the very bytes the upload began with (the PNG one quantizes at random: a PNG starts again).
  const school = await noiseJpeg(drawing, 380);
  await drawing.close();
  expect(camera.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(true);

  const files: Record<ImageKind, ImageFile> = {
    frontIdCard: {
      name: 'IMG_0042.HEIC',
      mimeType: 'image/heic',
      buffer: await readFile(path.join(import.meta.dirname, '../fixtures/id-card.heic')),
    },
    backIdCard: { name: 'IMG_0043.JPG', mimeType: 'image/jpeg', buffer: camera },
    birthCertificate: { name: 'birth.png', mimeType: 'image/png', buffer: noisePng(NOISE_SIDE) },
    personalPhoto: { name: 'me.png', mimeType: 'image/png', buffer: noisePng(120) },
    secondarySchoolCertificate: { name: 'school.jpg', mimeType: 'image/jpeg', buffer: school },
    nominationCard: { name: 'nomination.png', mimeType: 'image/png', buffer: noisePng(120) },
  };

  await logIn(page, student.nationalId);
  await page.getByRole('link', { name: 'استكمال البيانات', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'رفع الملفات' })).toBeVisible();
  await fillCommon(page);

  // 0. A HEIC whose bytes do not decode: said on its card, nothing uploaded (one creation per kind, below).
  const heic = files.frontIdCard.buffer;
  await imageInput(page, 'frontIdCard').setInputFiles({
    name: 'IMG_0041.HEIC',
    mimeType: 'image/heic',
    buffer: Buffer.concat([heic.subarray(0, 64), Buffer.alloc(heic.length - 64, 7)]),
  });
  await expect(card(page, 'frontIdCard').getByRole('alert')).toHaveText(/تعذرت قراءة صورة الآيفون \(HEIC\)/, {
    timeout: 30_000,
  });

  // 1. The iPhone photo: converted to JPEG in the browser, then uploaded on its own.
  await imageInput(page, 'frontIdCard').setInputFiles(files.frontIdCard);
  await expect(uploaded(page, 'frontIdCard')).toBeVisible({ timeout: 30_000 });
  await expect(card(page, 'frontIdCard').getByText('IMG_0042.HEIC')).toBeVisible();

  // 2. The 24-megapixel photo is shrunk in a web worker, which loads the compression library from this site, so the
  // page does not freeze while it is shrunk. The page's long tasks are printed as a figure: on a busy machine
  // their length says more about the machine than about the page.
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  const libraryLoads: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('browser-image-compression')) libraryLoads.push(response.status());
  });
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { longTasks: number[] }).longTasks = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.push(Math.round(entry.duration));
    }).observe({ type: 'longtask' });
  });
  await imageInput(page, 'backIdCard').setInputFiles(files.backIdCard);
  await expect(uploaded(page, 'backIdCard')).toBeVisible({ timeout: 60_000 });
  expect(workers.filter((url) => url.startsWith('blob:')).length, `workers: ${workers.join(', ')}`).toBe(1);
  expect(libraryLoads, 'the worker loads the library from this site').toEqual([200]);
  const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
  console.log(
    `uploads/24 MP shrink: long tasks on the page: ${longTasks.map((ms) => `${ms} ms`).join(', ') || 'none'}`,
  );

  // 3. The connection drops in the middle of the third and comes back: it resumes from the last byte.
  const network = await connection(page);
  await imageInput(page, 'birthCertificate').setInputFiles(files.birthCertificate);
  await midway(page, 'birthCertificate');
  await network.lose();
  await page.waitForTimeout(2000);
  await expect(uploaded(page, 'birthCertificate')).toHaveCount(0);
  await page.screenshot({ path: 'screenshots/phone-student-upload-offline.png', fullPage: true });
  await network.regain();
  await expect(uploaded(page, 'birthCertificate')).toBeVisible({ timeout: 60_000 });

  // 4. A small one.
  await imageInput(page, 'personalPhoto').setInputFiles(files.personalPhoto);
  await expect(uploaded(page, 'personalPhoto')).toBeVisible({ timeout: 30_000 });

  // 5. The page is reloaded in the middle of the fifth: the four sent are remembered, the fifth resumes once
  // picked again.
  await imageInput(page, 'secondarySchoolCertificate').setInputFiles(files.secondarySchoolCertificate);
  await midway(page, 'secondarySchoolCertificate');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'رفع الملفات' })).toBeVisible();
  for (const [kind, file] of Object.entries(files).slice(0, 4) as [ImageKind, ImageFile][]) {
    await expect(card(page, kind).getByText(`تم رفع «${file.name}» من هذا الجهاز`)).toBeVisible();
  }
  await expect(card(page, 'secondarySchoolCertificate').getByText('توقف رفع «school.jpg»')).toBeVisible();
  await page.screenshot({ path: 'screenshots/phone-student-uploads-after-reload.png', fullPage: true });
  await imageInput(page, 'secondarySchoolCertificate').setInputFiles(files.secondarySchoolCertificate);
  await expect(uploaded(page, 'secondarySchoolCertificate')).toBeVisible({ timeout: 60_000 });

  // 6. The last one; the submit waits for it if it is still going.
  await imageInput(page, 'nominationCard').setInputFiles(files.nominationCard);
  await submitAndReachForms(page);

  // Resumed, not restarted: one creation per kind, and the resumed ones went on from where they stopped.
  expect([...uploads.creations].sort()).toEqual(Object.keys(IMAGE_LABELS).sort());
  for (const kind of ['birthCertificate', 'secondarySchoolCertificate'] as const) {
    const offsets = uploads.resumedAt.get(kind) ?? [];
    expect(Math.max(0, ...offsets), `${kind} resumed at ${offsets.join(', ')}`).toBeGreaterThan(0);
  }

  // Stored: six images, upright, without any metadata.
  const { rows } = await db.query<{ kind: string; key: string; type: string }>(
    'SELECT kind, storage_key AS key, content_type AS type FROM student_images WHERE student_id = $1',
    [student.id],
  );
  expect(rows.map((row) => row.kind).sort()).toEqual(Object.keys(IMAGE_LABELS).sort());
  for (const row of rows) {
    const bytes = await readFile(path.join(String(process.env.PORTAL_DATA_DIR), 'images', row.key));
    if (row.type === 'image/jpeg') expect(jpegMetadataMarkers(bytes), row.kind).toEqual([]);
    else expect(pngMetadataChunks(bytes), row.kind).toEqual([]);
    expect(bytes.includes(Buffer.from('Exif', 'latin1')), row.kind).toBe(false);
  }
  const photo = rows.find((row) => row.kind === 'backIdCard');
  const photoBytes = await readFile(
    path.join(String(process.env.PORTAL_DATA_DIR), 'images', String(photo?.key)),
  );
  // 6000×4000 turned a quarter by its EXIF orientation 6: standing, at most 1920 px high.
  const size = jpegSize(photoBytes);
  expect(size.height).toBeGreaterThan(size.width);
  expect(size.height).toBeLessThanOrEqual(1920);
});
