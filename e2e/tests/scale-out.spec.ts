import { randomInt } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { IMAGE_KINDS } from '@portal/common';
import { Redis } from 'ioredis';
import pg from 'pg';
import sharp from 'sharp';
import { COMPLETE_DATA_FIELDS as FIELDS } from '../../api/test/complete-data-fields.js';
import { tinyPng } from '../../api/test/images.js';
import { accessLog, hostPort, isAlive, startDeployment } from '../deploy-set.js';

// The deployment recipe of deploy/ run for real: deploy/start-local.sh starts a fresh database on the local
// PostgreSQL, two portal instances and nginx in front of them on loopback; the images go to an S3-compatible
// server this test starts (s3rver), the rate limits to Redis. A student's whole journey goes through nginx,
// landing on both instances; one instance is killed (SIGKILL) in the middle, and nothing may be lost: every
// request succeeds, the student's session carries on, and all the student's data and images are there.

/** A Redis database of its own, so the counters checked here are only this test's. */
const REDIS_URL = process.env.SCALE_OUT_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
const LOOKUP_LIMIT = 5;

async function redisAvailable(): Promise<Redis | undefined> {
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    enableOfflineQueue: false,
    connectTimeout: 1_000,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    if ((await client.ping()) === 'PONG') return client;
  } catch {
    // reported by the caller
  }
  client.disconnect();
  return undefined;
}

/** `getStudent` from another loopback address (127.0.0.2), so that its limit is counted apart from the journey's. */
function lookupFrom(localAddress: string, portalUrl: string, nationalID: string): Promise<number> {
  const url = new URL('/api/v1/students/getStudent', portalUrl);
  const body = JSON.stringify({ nationalID });
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        localAddress,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

// A small real image (the complete-data form checks that it decodes, the form PDF embeds the personal photo).
const PNG = tinyPng();

interface Question {
  id: string;
  type: string;
  options: string[];
}

function validAnswers(questions: Question[]) {
  return questions.map((q) => {
    switch (q.type) {
      case 'mcq':
        return { id: q.id, answer: q.options[0] ?? '', input: '' };
      case 'multi_select_input':
        return { id: q.id, answer: [q.options[0] ?? '', 'أخرى'], input: 'معرض الجامعات' };
      case 'input':
        return { id: q.id, answer: 'أن أعمل باحثا في مجال تخصصي', input: '' };
      case 'mcq_yes_input':
        return { id: q.id, answer: 'نعم', input: 'حساسية الصدر' };
      default:
        return { id: q.id, answer: 'أخرى', input: 'الدراجة' };
    }
  });
}

/** Idempotent reads of the student's own data, over and over until stopped: what a browser keeps doing. */
function keepReading(api: APIRequestContext, url: string) {
  const statuses: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const res = await api.get(url).catch(() => undefined);
      statuses.push(res?.status() ?? -1);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    statuses,
    async stop() {
      running = false;
      await done;
    },
  };
}

test('scale-out: a student journey through nginx on two instances survives killing one', async ({
  playwright,
}) => {
  test.setTimeout(300_000);

  const s3Dir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-s3-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    vhostBuckets: false,
    configureBuckets: [{ name: 'portal-images' }],
  });
  const { port: s3Port } = await s3.run();
  const redis = await redisAvailable();
  if (!redis) console.warn(`scale-out: no Redis at ${REDIS_URL}; the shared rate limit is not checked`);
  const counters = ['127.0.0.1', '127.0.0.2'].map((ip) => `portal:rate-limit:student-lookup:${ip}`);
  await redis?.del(...counters);

  const started = await startDeployment({
    S3_BUCKET: 'portal-images',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: '1',
    S3_PREFIX: 'e2e',
    ...(redis ? { REDIS_URL } : {}),
    STUDENT_LOOKUP_RATE_LIMIT: String(LOOKUP_LIMIT),
    LOG_LEVEL: 'warn',
    DEMO_DATA: '0',
  });
  if ('skip' in started) {
    console.warn(`scale-out test SKIPPED: ${started.skip}`);
    await s3.close();
    redis?.disconnect();
    test.skip(true, started.skip);
    return;
  }
  const { vars } = started;
  const portal = String(vars.PORTAL_URL);
  const [first, second] = [String(vars.INSTANCE_1_URL), String(vars.INSTANCE_2_URL)];
  const db = new pg.Client({ connectionString: vars.DATABASE_URL });
  const api = await playwright.request.newContext({ baseURL: portal });
  let exitCode: number | null = null;
  let reading: ReturnType<typeof keepReading> | undefined;

  try {
    await db.connect();
    const nationalId = `3${String(randomInt(10 ** 12, 10 ** 13))}`;
    const inserted = await db.query<{ id: string }>(
      `INSERT INTO students (national_id, name, seat_no, college_id, enrollment_status)
       SELECT $1, 'طالب اختبار التوسع الأفقي', '123456', id, 'regular' FROM colleges WHERE name = 'كلية التجارة'
       RETURNING id`,
      [nationalId],
    );
    const id = String(inserted.rows[0]?.id);

    // 1. The student lookup limit is one count for all instances (Redis): from another client address, exactly
    //    the limit gets through, although round robin spreads the calls over both instances.
    if (redis) {
      const statuses: number[] = [];
      for (let i = 0; i < LOOKUP_LIMIT + 3; i += 1)
        statuses.push(await lookupFrom('127.0.0.2', portal, '29912319999999'));
      expect(statuses.filter((s) => s !== 429)).toHaveLength(LOOKUP_LIMIT);
      expect(statuses.slice(LOOKUP_LIMIT)).toEqual([429, 429, 429]);
      const served = (await accessLog(String(vars.ACCESS_LOG)))
        .filter((line) => line.remote === '127.0.0.2')
        .flatMap((line) => line.upstreams);
      expect(new Set(served)).toEqual(new Set([hostPort(first), hostPort(second)]));
    }

    // 2. The journey's first half, through nginx: log in, charter, quiz (passed).
    const login = await api.post('/api/v1/students/getStudent', { data: { nationalID: nationalId } });
    expect(login.status()).toBe(200);
    expect((await login.json())._id).toBe(id);
    const charter = await api.get('/api/v1/students/getStudentBook');
    expect(charter.status()).toBe(200);
    expect(charter.headers()['content-type']).toContain('application/pdf');
    const draw = await api.get(`/api/v1/students/question/${id}`);
    expect(draw.status()).toBe(200);
    const indexes = ((await draw.json()).randomQuestions as { index: number }[]).map((q) => q.index);
    const truth = await db.query<{ index: number; answer: boolean }>(
      'SELECT index, answer FROM quiz_questions WHERE index = ANY($1)',
      [indexes],
    );
    const answers = Object.fromEntries(truth.rows.map((row) => [String(row.index), String(row.answer)]));
    const graded = await api.post(`/api/v1/students/question/${id}`, { data: { answers } });
    expect(graded.status()).toBe(200);
    expect((await graded.json()).isPassed).toBe(true);

    // A credential in a path never reaches nginx's access log (issue 33): the portal refuses these made-up links,
    // and nginx logs their paths with the token replaced.
    const madeUp = 'SECRET-made-up.link-token';
    for (const path of [
      `/api/v1/downloads/${madeUp}`,
      `/api/v1/students/getAdmissionForm/${id}?token=${madeUp}`,
    ])
      expect((await api.get(path)).status()).toBeGreaterThanOrEqual(400);
    const requests = (await accessLog(String(vars.ACCESS_LOG))).map((line) => line.request);
    expect(requests).toContain('GET /api/v1/downloads/[redacted] HTTP/1.1');
    expect(requests).toContain(`GET /api/v1/students/getAdmissionForm/${id}?token=[redacted] HTTP/1.1`);
    expect(requests.join('\n')).not.toContain('SECRET');

    const beforeKill = (await accessLog(String(vars.ACCESS_LOG))).filter(
      (line) => line.remote === '127.0.0.1',
    );
    const landedOn = new Set(beforeKill.flatMap((line) => line.upstreams));
    expect(landedOn).toEqual(new Set([hostPort(first), hostPort(second)]));

    // 3. Kill the first instance (no graceful stop) while the student's page keeps reading its data.
    reading = keepReading(api, `/api/v1/students/completeStudentData/${id}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(Number(vars.INSTANCE_1_PID), 'SIGKILL');
    await expect.poll(() => isAlive(Number(vars.INSTANCE_1_PID))).toBe(false);
    const linesBeforeKill = (await accessLog(String(vars.ACCESS_LOG))).length;

    // 4. The journey's second half, with the same session: complete data with six images (into S3), the
    //    questionnaire, the admission form.
    const form = new FormData();
    for (const [name, value] of Object.entries(FIELDS)) form.append(name, value);
    for (const kind of IMAGE_KINDS) {
      form.append('photos', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), `${kind}.png__${kind}`);
    }
    const completed = await api.patch(`/api/v1/students/completeStudentData/${id}`, { multipart: form });
    expect(completed.status(), await completed.text()).toBe(200);

    const questions = (await (await api.get('/api/v1/additionalQuestions')).json()).data as Question[];
    const submitted = await api.post(`/api/v1/additionalQuestions/submit/${nationalId}`, {
      data: { answers: validAnswers(questions) },
    });
    expect(submitted.status(), await submitted.text()).toBe(200);

    const admission = await api.get(`/api/v1/students/getAdmissionForm/${id}`);
    expect(admission.status(), await admission.text().catch(() => '')).toBe(200);
    expect((await admission.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // The stored images are identity documents: the session reads them only after a step-up (issue 33), here the
    // seat number, since this portal sends no e-mail or SMS. Its pass is kept in PostgreSQL, so both instances see it.
    const stepUp = await api.post(`/api/v1/students/stepUp/${id}`);
    expect((await stepUp.json()).data.method).toBe('seatNo');
    const verified = await api.post(`/api/v1/students/stepUp/${id}/verify`, { data: { seatNo: '123456' } });
    expect(verified.status(), await verified.text()).toBe(200);
    for (const kind of IMAGE_KINDS) {
      const photo = await api.get(`/api/v1/students/photo/${id}/${kind}`);
      expect(photo.status()).toBe(200);
      // The picture sent, pixel for pixel: stored images are re-encoded without metadata (issue 34).
      expect(
        await sharp(await photo.body())
          .raw()
          .toBuffer(),
      ).toEqual(await sharp(PNG).raw().toBuffer());
    }
    await reading.stop();

    // 5. Nothing lost: every read during the kill succeeded; the session still opens the student's data; the
    //    database holds every step, and the images live in the bucket, not on any instance's disk.
    expect(reading.statuses.length).toBeGreaterThan(10);
    expect(reading.statuses.filter((status) => status !== 200)).toEqual([]);
    const again = await api.post('/api/v1/students/getStudent', { data: { nationalID: nationalId } });
    expect((await again.json()).studentData).toMatchObject({
      isPassed: true,
      isComplete: true,
      isCompletedAdditionalQuestions: true,
    });
    const row = await db.query(
      `SELECT s.is_passed, s.is_complete, s.is_completed_additional_questions,
              (SELECT count(*)::int FROM student_images i WHERE i.student_id = s.id) AS images,
              (SELECT count(*)::int FROM additional_answers a WHERE a.student_id = s.id) AS answers
       FROM students s WHERE s.id = $1`,
      [id],
    );
    expect(row.rows[0]).toMatchObject({
      is_passed: true,
      is_complete: true,
      is_completed_additional_questions: true,
      images: 6,
    });
    expect(row.rows[0].answers).toBeGreaterThan(0);
    const stored = await readdir(path.join(s3Dir, 'portal-images'), { recursive: true });
    expect(stored.filter((name) => String(name).includes(id)).length).toBeGreaterThanOrEqual(6);
    const localImages = await readdir(path.join(String(vars.RUN_DIR), 'data', 'images')).catch(() => []);
    expect(localImages.filter((name) => !name.startsWith('.'))).toEqual([]);

    // After the kill everything was answered by the survivor.
    const afterKill = (await accessLog(String(vars.ACCESS_LOG))).slice(linesBeforeKill);
    expect(afterKill.length).toBeGreaterThan(10);
    for (const line of afterKill) expect(line.upstreams.at(-1)).toBe(hostPort(second));

    // 6. The survivor's metrics count the journey's routes; its readiness checks the database and Redis.
    const metrics = await (await api.get(`${second}/api/v1/metrics`)).text();
    expect(metrics).toMatch(
      /portal_http_requests_total\{method="PATCH",route="\/api\/v1\/students\/completeStudentData\/:id",status_code="200"\} 1/,
    );
    expect(metrics).toContain('nodejs_eventloop_lag_seconds');
    const ready = await (await api.get(`${second}/api/v1/health/ready`)).json();
    expect(ready).toEqual({
      status: 'success',
      database: 'up',
      redis: redis ? 'up' : 'not-configured',
      overloaded: false,
    });
  } finally {
    await reading?.stop();
    await api.dispose();
    await db.end().catch(() => undefined);
    exitCode = await started.stop();
    await s3.close();
    await rm(s3Dir, { recursive: true, force: true });
    redis?.disconnect();
  }

  // The script stopped cleanly, dropped its database and stopped what it started.
  expect(exitCode).toBe(0);
  const admin = new pg.Client({
    connectionString: String(vars.DATABASE_URL).replace(/\/[^/]+$/, '/postgres'),
  });
  await admin.connect();
  const left = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
    String(vars.DATABASE_URL).split('/').pop(),
  ]);
  await admin.end();
  expect(left.rows).toEqual([]);
  expect(isAlive(Number(vars.INSTANCE_2_PID))).toBe(false);
  expect(isAlive(Number(vars.NGINX_PID))).toBe(false);
});
