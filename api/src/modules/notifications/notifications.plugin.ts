import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { poolOf } from '../../db/pool.js';
import { createQueue, ensureQueue, type NotificationQueue, queuePool } from '../../jobs/queue.js';
import { startImageRetention } from '../retention/index.js';
import { type EmailChannel, emailChannel } from './channels/email.js';
import { smsChannel } from './channels/sms.js';
import { smsRateLimiter } from './channels/sms-rate.js';
import { startDeadlineReminders } from './deadline-reminders.js';
import { deadlineRemindersRepository } from './deadline-reminders.repository.js';
import { DELIVER_QUEUE, deliverQueueOptions, STOP_TIMEOUT_MS } from './deliver-queue.js';
import { startDeliveryWorkers } from './delivery.js';
import { deliveryRepository } from './delivery.repository.js';
import { dispatcher } from './dispatcher.js';

/** A queue that could not start (the database away) is tried again after this long. */
const RETRY_START_MS = 5_000;

/**
 * Delivers the notifications outbox (issue 17) when `NOTIFICATION_WORKERS` is on: pg-boss on a pool of its own,
 * the delivery workers, the deadline reminders' schedule, the dispatcher, and the closed seasons' image retention
 * (`modules/retention`, which only borrows this queue), started once the app is ready and
 * stopped with it (running deliveries are given STOP_TIMEOUT_MS to finish). The start does not hold the app's:
 * students are served while the database is away, and the queue starts once it answers (the outbox keeps what
 * comes meanwhile). Off, it does nothing: the instance still queues messages in the outbox, and another delivers
 * them.
 */
export const notificationsPlugin = fp(
  async (app: FastifyInstance) => {
    const settings = app.config.notifications;
    if (!settings.workers) return;
    const found = poolOf(app.db);
    if (!found) throw new Error('notification workers need the PostgreSQL pool of the app');
    const appPool = found;

    let queue: NotificationQueue | undefined;
    let email: EmailChannel | undefined;
    let sweeper: ReturnType<typeof dispatcher> | undefined;
    let closing = false;
    let starting: Promise<void> | undefined;
    let wakeUp: (() => void) | undefined;

    async function stopQueue(graceful: boolean) {
      await sweeper?.stop();
      await queue?.boss.stop({ graceful, wait: true, timeout: STOP_TIMEOUT_MS }).catch(() => undefined);
      email?.close();
      await queue?.pool.end().catch(() => undefined);
      sweeper = undefined;
      queue = undefined;
      email = undefined;
    }

    async function startUntilItRuns() {
      while (!closing) {
        try {
          await start();
          return;
        } catch (error) {
          app.log.warn(
            { err: { message: (error as Error).message } },
            `notification queue could not start; trying again in ${RETRY_START_MS / 1000} s`,
          );
          await stopQueue(false);
          await new Promise<void>((resolve) => {
            wakeUp = resolve;
            setTimeout(resolve, RETRY_START_MS).unref();
          });
        }
      }
    }

    app.addHook('onReady', async () => {
      starting = startUntilItRuns();
    });

    async function start() {
      queue = createQueue(queuePool(appPool), settings);
      const { boss, pool, db } = queue;
      // pg-boss's own errors (a failed poll or maintenance run); it carries on by itself.
      boss.on('error', (error) =>
        app.log.warn({ err: { message: error.message } }, 'notification queue error'),
      );
      await boss.start();
      await ensureQueue(boss, DELIVER_QUEUE, deliverQueueOptions(settings));

      email = settings.email ? emailChannel(settings.email, settings.publicUrl) : undefined;
      const workers = await startDeliveryWorkers({
        boss,
        repository: deliveryRepository(db),
        email,
        sms: settings.sms
          ? smsChannel(settings.sms, smsRateLimiter(db, settings.sms.ratePerSecond))
          : undefined,
        content: {
          universityName: app.config.branding.universityName,
          publicUrl: settings.publicUrl,
          timeZone: app.config.universityTimeZone,
        },
        log: app.log,
      });
      await startDeadlineReminders({
        boss,
        db,
        repository: deadlineRemindersRepository(db),
        timeZone: app.config.universityTimeZone,
        log: app.log,
      });
      await startImageRetention({
        boss,
        pool,
        storage: app.storage,
        retentionDays: app.config.retentionDays,
        timeZone: app.config.universityTimeZone,
        log: app.log,
        stopped: () => closing,
      });
      sweeper = dispatcher({
        boss,
        pool,
        log: app.log,
        onDispatched: () => {
          for (const id of workers) boss.notifyWorker(id);
        },
      });
      sweeper.start();
    }

    app.addHook('onClose', async () => {
      closing = true;
      wakeUp?.();
      await starting;
      await stopQueue(true);
    });
  },
  {
    name: 'portal-notifications',
    dependencies: ['portal-storage'],
    decorators: { fastify: ['db', 'config'] },
  },
);
