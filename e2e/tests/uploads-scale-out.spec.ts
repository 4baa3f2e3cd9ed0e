import { expect, test } from '@playwright/test';
import { IMAGE_KINDS, SERVER_IMAGE_MAX_BYTES, STAGED_UPLOADS_FIELD, TUS_UPLOADS_PATH } from '@portal/common';
import pg from 'pg';
import { Upload } from 'tus-js-client';
import { COMPLETE_DATA_FIELDS as FIELDS } from '../../api/test/complete-data-fields.js';
import { pngHeadedBytes, tinyPng } from '../../api/test/images.js';
import { accessLog, hostPort, startDeployment } from '../deploy-set.js';
import { insertStudent } from '../fixtures.js';
import { startTcpProxy } from '../tcp-proxy.js';

// Issue 34 on the deployment recipe of deploy/ (two instances sharing DATA_DIR, nginx in front, round robin):
// documents uploaded with tus-js-client through nginx land on both instances, so each upload is started on one
// and continued and finished on the other; one of them crosses a TCP proxy that cuts its connection every 700 kB
// (nginx passes the partial bodies on: `proxy_request_buffering off`). The submit naming the six uploads then
// stores all six.

function upload(endpoint: string, cookie: string, bytes: Buffer, kind: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const tus = new Upload(bytes, {
      endpoint,
      headers: { cookie },
      metadata: { kind, filename: `${kind}.png`, filetype: 'image/png' },
      // Small chunks: one PATCH each, so round robin spreads one upload over both instances.
      chunkSize: Math.ceil(bytes.length / 3),
      retryDelays: Array.from({ length: 20 }, () => 100),
      storeFingerprintForResuming: false,
      onSuccess: () => resolve((tus.url ?? '').split('/').pop() ?? ''),
      onError: reject,
    });
    tus.start();
  });
}

test('scale-out: uploads started on one instance are finished on the other behind nginx', async () => {
  test.setTimeout(300_000);
  const started = await startDeployment({ LOG_LEVEL: 'warn', DEMO_DATA: '0' });
  if ('skip' in started) {
    console.warn(`uploads scale-out test SKIPPED: ${started.skip}`);
    test.skip(true, started.skip);
    return;
  }
  const { vars } = started;
  const portal = String(vars.PORTAL_URL);
  const instances = new Set([hostPort(String(vars.INSTANCE_1_URL)), hostPort(String(vars.INSTANCE_2_URL))]);
  const db = new pg.Client({ connectionString: vars.DATABASE_URL });
  const proxy = await startTcpProxy({ targetPort: Number(new URL(portal).port), cutAfterBytes: 700_000 });
  try {
    await db.connect();
    const student = await insertStudent(db);
    const login = await fetch(`${portal}/api/v1/students/getStudent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nationalID: student.nationalId }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');

    const named: Record<string, string> = {};
    for (const [i, kind] of IMAGE_KINDS.entries()) {
      const cut = kind === 'personalPhoto';
      const bytes = cut ? pngHeadedBytes(SERVER_IMAGE_MAX_BYTES) : tinyPng([30 * i, 60, 90], 8);
      named[kind] = await upload(`${cut ? proxy.url : portal}${TUS_UPLOADS_PATH}`, cookie, bytes, kind);
    }
    expect(proxy.stats.cut).toBeGreaterThanOrEqual(2);

    // Every upload's requests (creation, chunks, resumes) were served by both instances.
    const log = await accessLog(String(vars.ACCESS_LOG));
    for (const id of Object.values(named)) {
      const served = log
        .filter((line) => line.request.includes(`/uploads/${id}`))
        .flatMap((l) => l.upstreams)
        // A request the proxy cut before nginx had an instance for it is logged with '-'.
        .filter((upstream) => upstream !== '-');
      expect(new Set(served), id).toEqual(instances);
    }

    const form = new FormData();
    for (const [name, value] of Object.entries({ ...FIELDS, [STAGED_UPLOADS_FIELD]: JSON.stringify(named) }))
      form.append(name, value);
    const submit = await fetch(`${portal}/api/v1/students/completeStudentData/${student.id}`, {
      method: 'PATCH',
      headers: { cookie },
      body: form,
    });
    expect(submit.status, await submit.clone().text()).toBe(200);
    const images = await db.query('SELECT kind, size_bytes FROM student_images WHERE student_id = $1', [
      student.id,
    ]);
    expect(images.rows.map((row) => row.kind).sort()).toEqual([...IMAGE_KINDS].sort());
    const staged = await db.query('SELECT count(*)::int AS n FROM staged_uploads WHERE student_id = $1', [
      student.id,
    ]);
    expect(staged.rows[0]?.n).toBe(0);
  } finally {
    await proxy.close();
    await db.end().catch(() => undefined);
    await started.stop();
  }
});
