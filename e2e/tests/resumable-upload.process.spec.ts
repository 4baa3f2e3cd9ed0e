import { expect, test } from '@playwright/test';
import { SERVER_IMAGE_MAX_BYTES, TUS_UPLOADS_PATH } from '@portal/common';
import { Upload } from 'tus-js-client';
import { pngHeadedBytes } from '../../api/test/images.js';
import { insertStudent } from '../fixtures.js';
import { connectPortalDb } from '../portal-db.js';
import { startTcpProxy, type TcpProxy } from '../tcp-proxy.js';

// Issue 34: a document sent with tus-js-client (as the browser does) through a TCP proxy that cuts the connection
// after a set number of bytes, as a phone losing its signal does. The upload must resume from the last byte the
// portal received, not from zero: in all, the bytes sent stay under 1.5 times the document's size.

/** The largest document the portal takes (SERVER_IMAGE_MAX_BYTES), a real PNG padded to that size. */
const DOCUMENT = pngHeadedBytes(SERVER_IMAGE_MAX_BYTES);

async function studentCookie(portal: string): Promise<string> {
  const db = await connectPortalDb(String(process.env.PORTAL_DATA_DIR));
  try {
    const student = await insertStudent(db);
    const res = await fetch(`${portal}/api/v1/students/getStudent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nationalID: student.nationalId }),
    });
    expect(res.status).toBe(200);
    return res.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
  } finally {
    await db.end();
  }
}

/** Uploads `bytes` through `proxy` with tus-js-client, retrying at once after each cut; answers the upload URL. */
function upload(proxy: TcpProxy, cookie: string, bytes: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const tus = new Upload(bytes, {
      endpoint: `${proxy.url}${TUS_UPLOADS_PATH}`,
      headers: { cookie },
      metadata: { kind: 'personalPhoto', filename: 'photo.png', filetype: 'image/png' },
      retryDelays: Array.from({ length: 20 }, () => 100),
      storeFingerprintForResuming: false,
      onSuccess: () => resolve(tus.url ?? ''),
      onError: reject,
    });
    tus.start();
  });
}

test('a 2 MB document cut every 700 kB resumes and completes, sending under 1.5 times its size', async () => {
  test.setTimeout(120_000);
  const portal = String(process.env.PORTAL_URL);
  const cookie = await studentCookie(portal);
  const proxy = await startTcpProxy({ targetPort: Number(new URL(portal).port), cutAfterBytes: 700_000 });
  try {
    const url = await upload(proxy, cookie, DOCUMENT);
    expect(url).toMatch(/\/api\/v1\/uploads\/[0-9a-f]{32}$/);
    expect(proxy.stats.cut).toBeGreaterThanOrEqual(2);
    expect(proxy.stats.up / DOCUMENT.length).toBeLessThan(1.5);
    const head = await fetch(url.replace(proxy.url, portal), {
      method: 'HEAD',
      headers: { cookie, 'tus-resumable': '1.0.0' },
    });
    expect(head.headers.get('upload-offset')).toBe(String(DOCUMENT.length));
  } finally {
    await proxy.close();
  }
});

test('a 2 MB document cut once at half resends under 10 % of it', async () => {
  test.setTimeout(120_000);
  const portal = String(process.env.PORTAL_URL);
  const cookie = await studentCookie(portal);
  const proxy = await startTcpProxy({
    targetPort: Number(new URL(portal).port),
    cutAfterBytes: DOCUMENT.length / 2,
    cuts: 1,
  });
  try {
    await upload(proxy, cookie, DOCUMENT);
    expect(proxy.stats.cut).toBe(1);
    expect((proxy.stats.up - DOCUMENT.length) / DOCUMENT.length).toBeLessThan(0.1);
  } finally {
    await proxy.close();
  }
});
