import { setMaxListeners } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { EmailChannel } from './channels/email.js';
import type { SmsChannel } from './channels/sms.js';
import { DELIVER_QUEUE } from './deliver-queue.js';
import type { ClaimedNotification, DeliveryRepository } from './delivery.repository.js';
import { DELIVERY_MESSAGES, DeliveryError } from './delivery-messages.js';
import {
  ContentError,
  type ContentSettings,
  type MessageContent,
  messageContent,
} from './message-content.js';

/** Jobs one worker takes at a time, delivered concurrently. */
const BATCH_SIZE = 25;
/** Workers per instance: while one waits for its slowest message, the others keep fetching. */
const WORKERS = 4;
/** An idle worker looks for work (retries coming due) this often; new rows wake it through the dispatcher. */
const POLLING_INTERVAL_SECONDS = 1;

export interface DeliveryDeps {
  boss: PgBoss;
  repository: DeliveryRepository;
  /** Unset when the channel is not configured: its messages are skipped. */
  email: EmailChannel | undefined;
  sms: SmsChannel | undefined;
  content: Omit<ContentSettings, 'now'>;
  log: FastifyBaseLogger;
}

type Job = PgBoss.JobWithMetadata<object>;

/**
 * Writes made while the previous one is under way are gathered into the next, one statement for all of them;
 * each caller's promise settles when its own item is written. Marking a message sent as soon as it is, without a
 * statement per message.
 */
function coalesced<T>(write: (items: T[]) => Promise<void>): (item: T) => Promise<void> {
  let pending: { item: T; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let writing = false;
  async function drain() {
    writing = true;
    while (pending.length > 0) {
      const round = pending;
      pending = [];
      try {
        await write(round.map((entry) => entry.item));
        for (const entry of round) entry.resolve();
      } catch (error) {
        for (const entry of round) entry.reject(error);
      }
    }
    writing = false;
  }
  return (item) =>
    new Promise<void>((resolve, reject) => {
      pending.push({ item, resolve, reject });
      if (!writing) void drain();
    });
}

interface Writers {
  markSent: (id: string) => Promise<void>;
  markSkipped: (skip: { id: string; reason: string }) => Promise<void>;
}

/**
 * The part of a try's time (the queue's expiry) its messages may use: pg-boss fails the whole batch when its
 * handler outlives the expiry, so every send is cut short a little before, and fails alone.
 */
function batchBudgetMs(jobs: readonly Job[]): number {
  const expiryMs = Math.max(...jobs.map((job) => job.expireInSeconds)) * 1000;
  return expiryMs - Math.max(1000, expiryMs / 5);
}

/**
 * What a row's payload may say of its delivery (issue 33): `to`, the addresses it goes to instead of the
 * student's current ones (a step-up code within 24 hours of a contact change, the notice of the change), and
 * `sendBefore`, after which it is never sent (a step-up code is valid 10 minutes).
 */
interface DeliveryPayload {
  to?: { email?: string | null; phone?: string | null };
  sendBefore?: string;
}

const deliveryPayload = (claimed: ClaimedNotification): DeliveryPayload =>
  typeof claimed.payload === 'object' && claimed.payload !== null ? (claimed.payload as DeliveryPayload) : {};

/** Who to send it to on its channel, or why it is skipped. */
function recipientOf(
  claimed: ClaimedNotification,
  deps: DeliveryDeps,
): { address: string } | { skipped: string } {
  const to = deliveryPayload(claimed).to;
  if (claimed.channel === 'email') {
    if (!deps.email) return { skipped: DELIVERY_MESSAGES.emailNotConfigured };
    const address = (to ? to.email : claimed.email)?.trim();
    return address ? { address } : { skipped: DELIVERY_MESSAGES.noEmail };
  }
  if (!deps.sms) return { skipped: DELIVERY_MESSAGES.smsNotConfigured };
  const address = (to ? to.phone : claimed.phoneNumber)?.trim();
  return address ? { address } : { skipped: DELIVERY_MESSAGES.noPhone };
}

/** What a log line may say of a message: never the student's name, address or phone number. */
const logged = (claimed: ClaimedNotification) => ({
  notificationId: claimed.id,
  event: claimed.event,
  channel: claimed.channel,
  tries: claimed.tries,
});

async function send(
  deps: DeliveryDeps,
  claimed: ClaimedNotification,
  address: string,
  content: MessageContent,
  signal: AbortSignal,
): Promise<void> {
  if (claimed.channel === 'email') {
    const { subject, text, html, attachments } = content;
    await deps.email?.send({ key: claimed.id, to: address, subject, text, html, attachments }, signal);
    return;
  }
  if (!(await deps.sms?.acquire(signal))) throw new DeliveryError(DELIVERY_MESSAGES.smsNoSlot);
  await deps.sms?.send({ phone: address, text: content.sms, key: claimed.id }, signal);
}

/**
 * One try of one claimed message. At most once per row: a row already sent, failed or skipped was not claimed.
 *
 * A row found `sending` is one whose previous try never finished: its instance died mid-send, or pg-boss expired
 * the try. Whether that message left is unknown, so it is sent again with the SAME idempotency key, the
 * notification id (the e-mail's Message-ID, the SMS gateway's `Idempotency-Key` header and `{{key}}`), for the
 * receiver to recognise it; not sending it would lose every message whose first try never got out.
 *
 * A try that fails fails its job alone (`boss.fail`): pg-boss retries it with backoff, and the rest of the batch
 * completes. The row says `retrying`, or `failed` after the last try, with the reason.
 */
async function deliverJob(
  deps: DeliveryDeps,
  writers: Writers,
  job: Job,
  claimed: ClaimedNotification,
  signal: AbortSignal,
): Promise<void> {
  const sendBefore = deliveryPayload(claimed).sendBefore;
  if (sendBefore !== undefined && !(Date.parse(sendBefore) > Date.now())) {
    // Past its time no try may send it, this one or a retry: it fails now and its job completes.
    await deps.repository.markTryFailed(claimed.id, DELIVERY_MESSAGES.expired, true);
    return;
  }
  const recipient = recipientOf(claimed, deps);
  if ('skipped' in recipient) {
    await writers.markSkipped({ id: claimed.id, reason: recipient.skipped });
    return;
  }

  let content: MessageContent;
  try {
    content = messageContent(
      { event: claimed.event, payload: claimed.payload, campaignText: claimed.campaignText },
      { id: claimed.studentId, name: claimed.name, college: claimed.college, socialWork: claimed.socialWork },
      { ...deps.content, now: new Date() },
    );
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    // No later try could do better: the row fails now and its job completes.
    deps.log.error({ ...logged(claimed), reason: error.message }, 'notification content could not be made');
    await deps.repository.markTryFailed(claimed.id, DELIVERY_MESSAGES.badContent, true);
    return;
  }

  try {
    await send(deps, claimed, recipient.address, content, signal);
  } catch (error) {
    if (!(error instanceof DeliveryError)) throw error;
    const last = job.retryCount >= job.retryLimit;
    deps.log.warn({ ...logged(claimed), last }, 'notification try failed');
    await deps.repository.markTryFailed(claimed.id, error.message, last);
    await deps.boss.fail(DELIVER_QUEUE, job.id, { message: error.message });
    return;
  }
  await writers.markSent(claimed.id);
}

/** A job whose handling broke (the database, say) is failed, so that pg-boss tries it again. */
async function failBroken(deps: DeliveryDeps, job: Job, error: Error): Promise<void> {
  deps.log.error(
    { notificationId: job.id, err: { message: error.message } },
    'notification delivery broke; the job will be tried again',
  );
  await deps.boss.fail(DELIVER_QUEUE, job.id, { message: error.message }).catch(() => undefined);
}

/** A batch: its rows claimed in one statement, then delivered concurrently within the try's time. */
async function deliverBatch(deps: DeliveryDeps, writers: Writers, jobs: Job[]): Promise<void> {
  const signal = AbortSignal.timeout(batchBudgetMs(jobs));
  // Every message of the batch listens to it (a send, a wait for the SMS rate), by design.
  setMaxListeners(BATCH_SIZE * 4, signal);
  const claimed = new Map(
    (await deps.repository.claim(jobs.map((job) => job.id))).map((row) => [row.id, row]),
  );
  await Promise.all(
    jobs.map(async (job) => {
      const row = claimed.get(job.id);
      if (!row) return;
      await deliverJob(deps, writers, job, row, signal).catch((error: Error) => failBroken(deps, job, error));
    }),
  );
}

/**
 * Registers the `notifications.deliver` workers. A full batch means more are waiting: the worker is told to fetch
 * again at once instead of sleeping until its next poll. Answers the workers' ids.
 */
export async function startDeliveryWorkers(deps: DeliveryDeps): Promise<string[]> {
  const writers: Writers = {
    markSent: coalesced((ids) => deps.repository.markSent(ids)),
    markSkipped: coalesced((skips) => deps.repository.markSkipped(skips)),
  };
  const ids: string[] = [];
  for (let i = 0; i < WORKERS; i++) {
    let workerId: string | undefined;
    workerId = await deps.boss.work<object>(
      DELIVER_QUEUE,
      { includeMetadata: true, batchSize: BATCH_SIZE, pollingIntervalSeconds: POLLING_INTERVAL_SECONDS },
      async (jobs) => {
        await deliverBatch(deps, writers, jobs);
        if (jobs.length === BATCH_SIZE && workerId) deps.boss.notifyWorker(workerId);
      },
    );
    ids.push(workerId);
  }
  return ids;
}
