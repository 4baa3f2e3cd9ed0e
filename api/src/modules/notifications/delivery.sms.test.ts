import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { insertStudent } from '../../../test/builders.js';
import { createDeliveringApp, outboxRow } from '../../../test/notifications.js';
import { GARBAGE_ANSWER, startSmsGateway } from '../../../test/sms-gateway.js';
import { queueNotifications } from '../../db/notification-outbox.js';
import type { Database } from '../../db/pool.js';
import { notifications } from '../../db/schema/index.js';
import { DELIVER_QUEUE } from './deliver-queue.js';
import { DELIVERY_MESSAGES, storableText } from './delivery-messages.js';

/**
 * Issue 17: SMS through a stand-in HTTP gateway on loopback. Tries are retried with backoff, a gateway that hangs
 * or answers garbage fails the try without holding the portal, the rate cap holds, and a message already sent
 * is not sent again. Each portal below has its own database and gateway.
 */
const WAIT = { timeout: 45_000, interval: 100 };
const JSON_TEMPLATE = '{"to":"{{phone}}","message":"{{text}}","ref":"{{key}}"}';

async function portalWithGateway(gatewayBehaviour: Parameters<typeof startSmsGateway>[0], env = {}) {
  const gateway = await startSmsGateway(gatewayBehaviour);
  afterAll(() => gateway.close());
  const { app, database } = await createDeliveringApp({
    SMS_URL: gateway.url,
    SMS_BODY_TEMPLATE: JSON_TEMPLATE,
    SMS_HEADERS: '{"Authorization":"Bearer gateway-t0ken"}',
    ...env,
  });
  return { gateway, app, db: database.db };
}

async function queueAcceptance(db: Database, studentId: string) {
  await queueNotifications(db, [{ studentId, event: 'documentsAccepted', dedupeKey: 'documentsAccepted:1' }]);
}

async function smsRowWhen(
  db: Database,
  studentId: string,
  check: (row: typeof notifications.$inferSelect) => void,
) {
  return vi.waitFor(async () => {
    const row = await outboxRow(db, studentId, 'sms');
    check(row);
    return row;
  }, WAIT);
}

/** The delivery job as pg-boss holds it. */
async function deliveryJob(db: Database, id: string) {
  const { rows } = await db.execute<{ state: string; retry_count: number }>(
    sql`SELECT state, retry_count FROM pgboss.job WHERE name = ${DELIVER_QUEUE} AND id = ${id}`,
  );
  return rows[0];
}

/** pg-boss hands the job out again, as it does after an expired try. */
async function redeliver(db: Database, id: string) {
  await db.execute(sql`
    UPDATE pgboss.job SET state = 'retry', start_after = now(), completed_on = NULL
    WHERE name = ${DELIVER_QUEUE} AND id = ${id}`);
}

describe('a gateway failing the first two tries', async () => {
  const { gateway, db } = await portalWithGateway({ failFirst: 2 });
  const student = await insertStudent(db, { phoneNumber: '01098765432', email: 'x@example.com' });

  it('is tried again with backoff until it takes the message: sent after 3 tries, with the same key', async () => {
    await queueAcceptance(db, student.id);
    const row = await smsRowWhen(db, student.id, (found) => expect(found.state).toBe('sent'));
    expect(row.tries).toBe(3);
    expect(row.lastError).toBeNull();
    expect(gateway.requests).toHaveLength(3);
    for (const request of gateway.requests) {
      expect(request.method).toBe('POST');
      expect(request.headers.authorization).toBe('Bearer gateway-t0ken');
      expect(request.headers['idempotency-key']).toBe(row.id);
      expect(request.headers['content-type']).toBe('application/json');
      expect(JSON.parse(request.body)).toEqual({
        to: '01098765432',
        message: 'تم قبول جميع مستنداتك في كلية التجارة. الخطوة التالية: تنزيل الاستمارات.',
        ref: row.id,
      });
    }
    // NOTIFICATION_RETRY_DELAY_S=1, doubling: the first retry waits at least 1 s, the second at least 2 s.
    const [first, second, third] = gateway.requests.map((request) => request.receivedAt) as [
      number,
      number,
      number,
    ];
    expect(second - first).toBeGreaterThanOrEqual(900);
    expect(third - second).toBeGreaterThanOrEqual(1900);
    // The e-mail channel is not configured: skipped.
    const email = await vi.waitFor(async () => {
      const found = await outboxRow(db, student.id, 'email');
      expect(found.state).toBe('skipped');
      return found;
    }, WAIT);
    expect(email.lastError).toBe(DELIVERY_MESSAGES.emailNotConfigured);
  });

  it('a message already sent, whose job is handed out again, is not sent again', async () => {
    const row = await outboxRow(db, student.id, 'sms');
    const job = await deliveryJob(db, row.id);
    expect(job?.state).toBe('completed');
    await redeliver(db, row.id);
    await vi.waitFor(async () => {
      expect(await deliveryJob(db, row.id)).toEqual({
        state: 'completed',
        retry_count: (job?.retry_count ?? 0) + 1,
      });
    }, WAIT);
    expect(gateway.requests).toHaveLength(3);
    const after = await outboxRow(db, student.id, 'sms');
    expect(after.state).toBe('sent');
    expect(after.tries).toBe(3);
  });

  it('a message found sending (its instance died mid-send) is sent again with the same idempotency key', async () => {
    const row = await outboxRow(db, student.id, 'sms');
    await db.execute(sql`UPDATE ${notifications} SET state = 'sending' WHERE id = ${row.id}`);
    await redeliver(db, row.id);
    const after = await smsRowWhen(db, student.id, (found) => {
      expect(found.state).toBe('sent');
      expect(found.tries).toBe(4);
    });
    expect(gateway.requests).toHaveLength(4);
    expect(gateway.requests[3]?.headers['idempotency-key']).toBe(after.id);
    expect(JSON.parse(gateway.requests[3]?.body ?? '{}').ref).toBe(after.id);
  });
});

describe('a gateway that never answers', async () => {
  const { gateway, app, db } = await portalWithGateway({ mode: 'hang' });

  it('fails the try (retrying, with the reason) and the portal keeps answering meanwhile', async () => {
    const student = await insertStudent(db, { phoneNumber: '01011112222' });
    await queueAcceptance(db, student.id);
    await vi.waitFor(() => expect(gateway.requests.length).toBeGreaterThanOrEqual(1), WAIT);
    // The gateway holds the try open: requests are answered all the same.
    const health = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    const colleges = await app.inject({ method: 'GET', url: '/api/v1/colleges' });
    expect(colleges.statusCode).toBe(200);

    const row = await smsRowWhen(db, student.id, (found) => expect(found.state).toBe('retrying'));
    expect(row.lastError).toBe(DELIVERY_MESSAGES.smsTimeout);
    expect(row.tries).toBe(1);
    // And it is tried again, under the same key.
    await vi.waitFor(() => expect(gateway.requests.length).toBeGreaterThanOrEqual(2), WAIT);
    expect(new Set(gateway.requests.map((request) => request.headers['idempotency-key']))).toEqual(
      new Set([row.id]),
    );
  });
});

describe('a gateway answering garbage with a 500', async () => {
  const { app, db } = await portalWithGateway({ mode: 'garbage' });

  it('fails the try with the status and the start of the answer, and the portal keeps answering', async () => {
    const student = await insertStudent(db, { phoneNumber: '01033334444' });
    await queueAcceptance(db, student.id);
    const row = await smsRowWhen(db, student.id, (found) => expect(found.state).toBe('retrying'));
    expect(row.lastError).toBe(DELIVERY_MESSAGES.smsRefused(500, storableText(GARBAGE_ANSWER, 200)));
    expect(row.lastError).toContain('ردت بوابة الرسائل النصية بالحالة 500: <<not json>> %%%');
    expect(row.lastError).not.toContain('\u0000');
    const health = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
  });
});

describe('the SMS rate cap', async () => {
  const CAP = 5;
  const { gateway, db } = await portalWithGateway({}, { SMS_RATE_PER_SECOND: String(CAP) });

  it(`sends 20 messages never more than ${CAP} in a second`, async () => {
    const students = [];
    for (let i = 0; i < 20; i++)
      students.push(await insertStudent(db, { phoneNumber: `0101234${String(i).padStart(4, '0')}` }));
    await queueNotifications(
      db,
      students.map((student) => ({
        studentId: student.id,
        event: 'dataCompleted' as const,
        dedupeKey: 'dataCompleted',
      })),
    );
    await vi.waitFor(async () => {
      const { rows } = await db.execute<{ sent: number }>(
        sql`SELECT count(*) AS sent FROM ${notifications} WHERE channel = 'sms' AND state = 'sent'`,
      );
      expect(rows[0]?.sent).toBe(20);
    }, WAIT);
    expect(new Set(gateway.requests.map((request) => request.headers['idempotency-key'])).size).toBe(20);

    // The cap counts per second of the database's clock; the gateway sees each message a little after its
    // second was taken (at most LATENCY_MS here). So any 2·CAP+1 messages in a row took three seconds at least,
    // and arrived more than a second apart less that latency; without the cap all 20 come within milliseconds.
    const LATENCY_MS = 300;
    const times = gateway.requests.map((request) => request.receivedAt).sort((a, b) => a - b);
    for (let i = 0; i + 2 * CAP < times.length; i++)
      expect((times[i + 2 * CAP] as number) - (times[i] as number)).toBeGreaterThan(1000 - LATENCY_MS);
    // 20 messages at 5 a second span four seconds at least.
    expect((times.at(-1) as number) - (times[0] as number)).toBeGreaterThan(2000 - LATENCY_MS);
  });
});
