import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type APIResponse, expect, test } from '@playwright/test';
import { IMAGE_KINDS } from '@portal/common';
import pg from 'pg';
import { COMPLETE_DATA_FIELDS as FIELDS } from '../../api/test/complete-data-fields.js';
import { tinyPng } from '../../api/test/images.js';
import { accessLog, hostPort, isAlive, restartInstance, startDeployment } from '../deploy-set.js';

// Issue 21, item 8: a rolling upgrade behind nginx loses no request. deploy/start-local.sh runs two instances
// behind nginx; virtual students keep logging in, reading their data, drawing and answering the quiz and saving
// their complete-data form through nginx while deploy/restart-instance.sh stops instance 1 gracefully (SIGTERM:
// readiness 503, the drain, in-flight requests finished), 'upgrades' it, starts it and waits until it is ready,
// then does the same to instance 2. Every request must get the answer it would get on a quiet day (no 5xx, no
// connection error), and every write must be applied exactly once.

const STUDENTS = 6;
/** Short of the 5 s default, to keep the test short; still several of nginx's reloads long. */
const DRAIN_MS = 3_000;

// A small real image (the complete-data form checks that it decodes, the form PDF embeds the personal photo).
const PNG = tinyPng();

interface Outcome {
  call: string;
  status: number;
  detail?: string;
}

/** One virtual student: its calls in a loop until stopped, each outcome kept; what it saved, counted. */
function virtualStudent(
  api: APIRequestContext,
  student: { id: string; nationalId: string },
  bank: Map<number, boolean>,
) {
  const outcomes: Outcome[] = [];
  const unexpected: Outcome[] = [];
  let gradedAttempts = 0;
  let savedAddress: string | undefined;
  let resent = 0;
  let running = true;

  /**
   * nginx's reload closes the idle keep-alive connections of its old workers, and a request the client sent on
   * one at that moment is dropped unread. A browser resends such a request, whatever its method (Chromium does
   * for a reused connection that answered nothing); the students here do the same, once, and the test proves
   * from nginx's access log that every dropped request was one nginx never read.
   */
  async function sendOnce(send: () => Promise<APIResponse>): Promise<APIResponse> {
    try {
      return await send();
    } catch (error) {
      if (!/socket hang up|ECONNRESET/.test(String(error))) throw error;
      resent += 1;
      return send();
    }
  }

  async function call(name: string, expected: number, send: () => Promise<APIResponse>) {
    let response: APIResponse;
    try {
      response = await sendOnce(send);
    } catch (error) {
      const failed = { call: name, status: -1, detail: String(error) };
      outcomes.push(failed);
      unexpected.push(failed);
      return undefined;
    }
    const outcome = { call: name, status: response.status() };
    outcomes.push(outcome);
    if (outcome.status !== expected)
      unexpected.push({ ...outcome, detail: (await response.text().catch(() => '')).slice(0, 300) });
    return outcome.status === expected ? response : undefined;
  }

  const done = (async () => {
    for (let round = 1; running; round += 1) {
      await call('login', 200, () =>
        api.post('/api/v1/students/getStudent', { data: { nationalID: student.nationalId } }),
      );
      await call('read data', 200, () => api.get(`/api/v1/students/completeStudentData/${student.id}`));
      await call('read questionnaire', 200, () => api.get('/api/v1/additionalQuestions'));

      // A quiz attempt answered all wrong: refused with 400, and recorded once (quiz_attempts).
      const draw = await call('draw quiz', 200, () => api.get(`/api/v1/students/question/${student.id}`));
      if (draw) {
        const indexes = ((await draw.json()).randomQuestions as { index: number }[]).map((q) => q.index);
        const answers = Object.fromEntries(indexes.map((index) => [String(index), String(!bank.get(index))]));
        const graded = await call('answer quiz', 400, () =>
          api.post(`/api/v1/students/question/${student.id}`, { data: { answers } }),
        );
        if (graded) gradedAttempts += 1;
      }

      // The complete-data form: the six images until it is saved once, then edits of the address alone.
      const address = `شارع الجامعة رقم ${round}`;
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...FIELDS, address })) form.append(name, value);
      if (savedAddress === undefined)
        for (const kind of IMAGE_KINDS)
          form.append(
            'photos',
            new Blob([new Uint8Array(PNG)], { type: 'image/png' }),
            `${kind}.png__${kind}`,
          );
      const saved = await call('save data', 200, () =>
        api.patch(`/api/v1/students/completeStudentData/${student.id}`, { multipart: form }),
      );
      if (saved) savedAddress = address;
    }
  })();

  return {
    outcomes,
    unexpected,
    get gradedAttempts() {
      return gradedAttempts;
    },
    get savedAddress() {
      return savedAddress;
    },
    get resent() {
      return resent;
    },
    async stop() {
      running = false;
      await done;
    },
  };
}

/**
 * What the instance does between its SIGTERM and its stop, seen on its own address: readiness says stopping at
 * once, while it still answers everything else, each answer closing its connection (api/src/modules/health/
 * graceful-stop.ts). Without the drain the instance would refuse connections from the first poll on.
 */
async function observeDrain(probe: APIRequestContext, instanceUrl: string) {
  let ready: { status: number; stopping?: boolean } = { status: 0 };
  await expect
    .poll(
      async () => {
        const answer = await probe.get(`${instanceUrl}/api/v1/health/ready`);
        ready = { status: answer.status(), stopping: (await answer.json()).stopping };
        return ready.status;
      },
      { intervals: [50] },
    )
    .toBe(503);
  const served = await probe.get(`${instanceUrl}/api/v1/additionalQuestions`);
  return { ready, served: { status: served.status(), connection: served.headers().connection } };
}

test('rolling upgrade: each instance restarted in turn under a student load through nginx, no request lost', async ({
  playwright,
}) => {
  test.setTimeout(180_000);
  const started = await startDeployment({
    LOG_LEVEL: 'warn',
    DEMO_DATA: '0',
    // Every virtual student logs in from 127.0.0.1, over and over.
    STUDENT_LOOKUP_RATE_LIMIT: '100000',
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
  });
  if ('skip' in started) {
    console.warn(`rolling-upgrade test SKIPPED: ${started.skip}`);
    test.skip(true, started.skip);
    return;
  }
  const { vars } = started;
  const instances = [String(vars.INSTANCE_1_URL), String(vars.INSTANCE_2_URL)].map(hostPort);
  const db = new pg.Client({ connectionString: vars.DATABASE_URL });
  const contexts: APIRequestContext[] = [];
  let load: ReturnType<typeof virtualStudent>[] = [];

  try {
    await db.connect();
    const bank = new Map(
      (
        await db.query<{ index: number; answer: boolean }>('SELECT index, answer FROM quiz_questions')
      ).rows.map((row) => [row.index, row.answer]),
    );
    const students = [];
    for (let i = 0; i < STUDENTS; i += 1) {
      const nationalId = `3${String(randomInt(10 ** 12, 10 ** 13))}`;
      const inserted = await db.query<{ id: string }>(
        `INSERT INTO students (national_id, name, seat_no, college_id, enrollment_status)
         SELECT $1, 'طالب اختبار الترقية المتدرجة', '123456', id, 'regular' FROM colleges WHERE name = 'كلية التجارة'
         RETURNING id`,
        [nationalId],
      );
      students.push({ id: String(inserted.rows[0]?.id), nationalId });
    }
    const probe = await playwright.request.newContext();
    contexts.push(probe);
    for (const student of students) {
      const api = await playwright.request.newContext({ baseURL: vars.PORTAL_URL });
      contexts.push(api);
      load.push(virtualStudent(api, student, bank));
    }

    // Each instance in turn: it served the load before its restart and serves it again after; its process is new;
    // the upgrade step ran between the old process's end and the new one's start.
    const sizes = async () => (await accessLog(String(vars.ACCESS_LOG))).length;
    const servedBy = async (from: number, to?: number) =>
      new Set((await accessLog(String(vars.ACCESS_LOG))).slice(from, to).flatMap((line) => line.upstreams));
    let mark = 0;
    for (const [i, instance] of instances.entries()) {
      const n = i + 1;
      await expect.poll(async () => (await servedBy(mark)).has(instance)).toBe(true);
      const oldPid = Number(vars[`INSTANCE_${n}_PID`]);
      const upgraded = path.join(String(vars.RUN_DIR), `upgraded-${n}`);
      const before = await sizes();
      const [{ pid }, drain] = await Promise.all([
        restartInstance(started, n, ['sh', '-c', `! kill -0 ${oldPid} 2>/dev/null && touch '${upgraded}'`]),
        observeDrain(probe, String(vars[`INSTANCE_${n}_URL`])),
      ]);
      const after = await sizes();
      expect(drain).toEqual({
        ready: { status: 503, stopping: true },
        served: { status: 200, connection: 'close' },
      });
      expect(pid).not.toBe(oldPid);
      expect(isAlive(oldPid)).toBe(false);
      expect(isAlive(pid)).toBe(true);
      expect(existsSync(upgraded)).toBe(true);
      // While it was out the other instance carried the load.
      expect(await servedBy(before, after)).toContain(instances[1 - i]);
      mark = after;
      await expect.poll(async () => (await servedBy(mark)).has(instance)).toBe(true);
    }

    await Promise.all(load.map((student) => student.stop()));

    // No request failed: each got the answer it would get on a quiet day.
    const outcomes = load.flatMap((student) => student.outcomes);
    const unexpected = load.flatMap((student) => student.unexpected);
    const resent = load.reduce((sum, student) => sum + student.resent, 0);
    console.log(
      `rolling upgrade: ${outcomes.length} requests by ${STUDENTS} students through two restarts, ` +
        `${unexpected.length} unexpected, ${resent} resent after nginx dropped them unread`,
    );
    expect(unexpected).toEqual([]);
    expect(outcomes.filter((o) => o.call === 'save data').length).toBeGreaterThan(STUDENTS * 2);
    // nginx logs every request it read: as many lines as answers means each resent request had never reached it.
    const studentLines = async () =>
      (await accessLog(String(vars.ACCESS_LOG))).filter((line) => !line.request.includes('/health/'));
    await expect.poll(async () => (await studentLines()).length).toBe(outcomes.length);
    expect((await studentLines()).filter((line) => line.status >= 500)).toEqual([]);

    // Every write applied exactly once: each graded attempt is one row, and each student's last saved address
    // is the one stored.
    for (const [i, student] of students.entries()) {
      const virtual = load[i];
      const row = await db.query<{ attempts: number; address: string; is_complete: boolean }>(
        `SELECT (SELECT count(*)::int FROM quiz_attempts a WHERE a.student_id = s.id) AS attempts,
                s.address, s.is_complete
         FROM students s WHERE s.id = $1`,
        [student.id],
      );
      expect(row.rows[0]).toEqual({
        attempts: virtual?.gradedAttempts,
        address: virtual?.savedAddress,
        is_complete: true,
      });
    }
  } finally {
    await Promise.all(load.map((student) => student.stop()));
    load = [];
    await Promise.all(contexts.map((api) => api.dispose()));
    await db.end().catch(() => undefined);
    await started.stop();
  }
});
