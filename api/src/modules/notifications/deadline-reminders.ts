import { deadlineReminderDue } from '@portal/common';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/pool.js';
import { ensureQueue } from '../../jobs/queue.js';
import { deleteOldSmsCounts } from './channels/sms-rate.repository.js';
import type { DeadlineRemindersRepository } from './deadline-reminders.repository.js';

export const REMINDERS_QUEUE = 'notifications.deadline-reminders';
const EVERY_TEN_MINUTES = '*/10 * * * *';

/**
 * The reminders due now: for each college with a data deadline, the three-day or the one-day reminder while its
 * window is open (`deadlineReminderDue`), queued once per student. Answers the outbox rows written.
 */
export async function queueDueReminders(repository: DeadlineRemindersRepository, now: Date): Promise<number> {
  let queued = 0;
  for (const { collegeId, deadline } of await repository.collegeDeadlines()) {
    const days = deadlineReminderDue(deadline, now);
    if (days !== null) queued += await repository.queueReminders(collegeId, deadline, days);
  }
  return queued;
}

export interface RemindersDeps {
  boss: PgBoss;
  db: Database;
  repository: DeadlineRemindersRepository;
  timeZone: string;
  log: FastifyBaseLogger;
}

/**
 * The scheduled job, every ten minutes on the university's clock (pg-boss runs a schedule once across
 * instances): queues the due reminders, which the dispatcher then hands to delivery, and forgets old SMS counts.
 */
export async function startDeadlineReminders({ boss, db, repository, timeZone, log }: RemindersDeps) {
  await ensureQueue(boss, REMINDERS_QUEUE);
  await boss.work(REMINDERS_QUEUE, async () => {
    const queued = await queueDueReminders(repository, new Date());
    if (queued > 0) log.info({ queued }, 'deadline reminders queued');
    await deleteOldSmsCounts(db);
  });
  await boss.schedule(REMINDERS_QUEUE, EVERY_TEN_MINUTES, {}, { tz: timeZone });
}
