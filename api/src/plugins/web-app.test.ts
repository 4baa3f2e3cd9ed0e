import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { compression } from './compression.js';
import { pagesFolder, webApp } from './web-app.js';

const page = (body: string) =>
  `<!doctype html><html lang="ar" dir="rtl"><title>طلب التحاق</title>${body}${'<!-- padding -->'.repeat(100)}`;
const INDEX = page('<form method="post"><input name="nationalID"></form>');
const NOT_REGISTERED = page('<form method="post"><input name="nationalID" aria-invalid="true"></form>');
const APP = page('<div id="root"></div>');
const DATA_VIEW = page('<div id="root"><h2>بيانات الطالب</h2></div>');
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const SEAT = (body: string) =>
  page(body).replace('dir="rtl"', 'dir="rtl" data-student-second-factor="seatNo"');
const SEAT_INDEX = SEAT('<form method="post"><input name="nationalID"><input name="seatNo"></form>');
const SEAT_NOT_REGISTERED = SEAT('<form method="post"><input name="seatNo" aria-invalid="true"></form>');
const SEAT_APP = SEAT('<div id="root"></div>');
const SEAT_DATA_VIEW = SEAT('<div id="root"><h2>بيانات الطالب</h2></div>');

/** A built web app as the build leaves it: each file with its .br and .gz beside it. */
async function builtWebRoot(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'portal-web-'));
  await mkdir(path.join(root, 'assets'));
  const write = async (file: string, content: string) => {
    await writeFile(path.join(root, file), content);
    await writeFile(path.join(root, `${file}.br`), brotliCompressSync(content));
    await writeFile(path.join(root, `${file}.gz`), gzipSync(content));
  };
  await write('index.html', INDEX);
  await write('login-notRegistered.html', NOT_REGISTERED);
  await write('app.html', APP);
  await mkdir(path.join(root, 'dashboard'));
  await write('dashboard/studentDataView.html', DATA_VIEW);
  await mkdir(path.join(root, 'seat-no', 'dashboard'), { recursive: true });
  await write('seat-no/index.html', SEAT_INDEX);
  await write('seat-no/login-notRegistered.html', SEAT_NOT_REGISTERED);
  await write('seat-no/app.html', SEAT_APP);
  await write('seat-no/dashboard/studentDataView.html', SEAT_DATA_VIEW);
  await write('assets/app-abc123.js', SCRIPT);
  await mkdir(path.join(root, '.vite'));
  await writeFile(
    path.join(root, '.vite', 'manifest.json'),
    '{"index.html":{"file":"assets/app-abc123.js"}}',
  );
  return root;
}

// The compression plugin too, as in the portal: it must leave the precompressed files alone.
const webRoot = await builtWebRoot();
const app = Fastify();
await app.register(compression);
await app.register(webApp, { root: webRoot });
await app.ready();
// The same build served with STUDENT_SECOND_FACTOR=seatNo.
const seatNoApp = Fastify();
await seatNoApp.register(compression);
await seatNoApp.register(webApp, { root: webRoot, studentSecondFactor: 'seatNo' });
await seatNoApp.ready();
afterAll(() => Promise.all([app.close(), seatNoApp.close()]));

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('the web app files', () => {
  it('sends a hashed asset as its brotli file, cached for a year as immutable', async () => {
    const res = await get('/stAdmission/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.equals(brotliCompressSync(SCRIPT))).toBe(true);
  });

  it('sends the gzip file to a client without brotli, and the file itself to one without either', async () => {
    const gzip = await get('/stAdmission/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(gzipSync(SCRIPT))).toBe(true);

    const plain = await get('/stAdmission/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(SCRIPT));
  });

  it.each([
    ['/stAdmission/', INDEX],
    ['/stAdmission/?loginError=notRegistered', NOT_REGISTERED],
    ['/stAdmission/?loginError=__proto__', INDEX],
    ['/stAdmission/?loginError=notRegistered&loginError=busy', INDEX],
    ['/stAdmission/dashboard/studentDataView', DATA_VIEW],
    ['/stAdmission/dashboard/studentDataView?from=login', DATA_VIEW],
    ['/stAdmission/dashboard/studentDataView/', APP],
    ['/stAdmission/dashboard/quiz', APP],
    ['/stAdmission/dashboard', APP],
    ['/stAdmission/admin/login?loginError=notRegistered', APP],
  ])('sends %s its page, compressed and revalidated on every load', async (url, content) => {
    const res = await get(url, { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.rawPayload.equals(brotliCompressSync(content))).toBe(true);
  });

  it('answers a byte range of an uncompressed asset with 206 and those bytes', async () => {
    const res = await get('/stAdmission/assets/app-abc123.js', { range: 'bytes=0-10' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-10/${Buffer.byteLength(SCRIPT)}`);
    expect(res.body).toBe(SCRIPT.slice(0, 11));
  });

  it('does not serve the build manifest', async () => {
    const res = await get('/stAdmission/.vite/manifest.json');
    expect(res.body).not.toContain('app-abc123');
  });
});

describe('the pages of STUDENT_SECOND_FACTOR=seatNo (issue 20)', () => {
  it.each([
    ['/stAdmission/', SEAT_INDEX],
    ['/stAdmission/?loginError=notRegistered', SEAT_NOT_REGISTERED],
    ['/stAdmission/dashboard/studentDataView', SEAT_DATA_VIEW],
    ['/stAdmission/dashboard/quiz', SEAT_APP],
    ['/stAdmission/admin/login', SEAT_APP],
  ])('sends %s the page of its own folder, which tells the web app the setting', async (url, content) => {
    const res = await seatNoApp.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.rawPayload.equals(brotliCompressSync(content))).toBe(true);
  });

  it('leaves the default pages to the portal without the setting', async () => {
    const res = await get('/stAdmission/', { 'accept-encoding': 'br' });
    expect(res.rawPayload.equals(brotliCompressSync(INDEX))).toBe(true);
  });

  it('refuses to start with the setting on a build without the seat-number pages', async () => {
    const bare = await mkdtemp(path.join(tmpdir(), 'portal-web-'));
    await writeFile(path.join(bare, 'index.html'), INDEX);
    expect(pagesFolder(bare, 'off')).toBe('');
    expect(() => pagesFolder(bare, 'seatNo')).toThrow(/npm run build/);
    expect(pagesFolder(webRoot, 'seatNo')).toBe('seat-no/');
  });
});
