import { type DeadlineReminderDays, NOTIFICATION_CHANNELS } from '@portal/common';
import { isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/pool.js';
import { colleges, notifications, students } from '../../db/schema/index.js';

export interface CollegeDeadline {
  collegeId: string;
  /** ISO-8601 instant. */
  deadline: string;
}

/** The occurrence of one reminder: a later deadline, or the other reminder of it, is another one. */
export function reminderDedupeKey(deadline: string, days: DeadlineReminderDays): string {
  return `deadlineReminder:${deadline}:${days}d`;
}

export function deadlineRemindersRepository(db: Database) {
  return {
    async collegeDeadlines(): Promise<CollegeDeadline[]> {
      const rows = await db
        .select({ collegeId: colleges.id, deadline: colleges.dataDeadline })
        .from(colleges)
        .where(isNotNull(colleges.dataDeadline));
      return rows.flatMap((row) =>
        row.deadline ? [{ collegeId: row.collegeId, deadline: row.deadline.toISOString() }] : [],
      );
    },

    /**
     * Queues the reminder, on every channel, to the college's students whose data is not complete, in one
     * statement; a student already reminded of this occurrence is left alone (the outbox's unique key). Answers
     * the rows written.
     */
    async queueReminders(collegeId: string, deadline: string, days: DeadlineReminderDays): Promise<number> {
      const result = await db.execute(sql`
        INSERT INTO ${notifications} (student_id, event, channel, dedupe_key, payload)
        SELECT s.id, 'deadlineReminder', c.channel, ${reminderDedupeKey(deadline, days)},
          ${JSON.stringify({ deadline, days })}::jsonb
        FROM ${students} s
          CROSS JOIN unnest(${sql.param([...NOTIFICATION_CHANNELS])}::text[]) AS c(channel)
        WHERE s.college_id = ${collegeId} AND s.season_id = admission_current_season() AND NOT s.is_complete
        ON CONFLICT (student_id, channel, dedupe_key) DO NOTHING`);
      return result.rowCount ?? 0;
    },
  };
}

export type DeadlineRemindersRepository = ReturnType<typeof deadlineRemindersRepository>;
