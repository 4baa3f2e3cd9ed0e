import type { NotificationChannel, NotificationEvent } from '@portal/common';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/pool.js';
import { colleges, notificationCampaigns, notifications, students } from '../../db/schema/index.js';

/** An outbox row taken for a try, with what the message needs of its student and campaign. */
export interface ClaimedNotification {
  id: string;
  event: NotificationEvent;
  channel: NotificationChannel;
  payload: unknown;
  /** Tries so far, this one included. */
  tries: number;
  studentId: string;
  name: string;
  email: string | null;
  phoneNumber: string | null;
  college: string;
  socialWork: boolean;
  campaignText: string | null;
}

type ClaimedRow = {
  id: string;
  event: NotificationEvent;
  channel: NotificationChannel;
  payload: unknown;
  tries: number;
  student_id: string;
  name: string;
  email: string | null;
  phone_number: string | null;
  college: string;
  social_work: boolean;
  campaign_text: string | null;
};

export function deliveryRepository(db: Database) {
  return {
    /**
     * Takes the rows of a batch for a try: `sending`, one more try each. A row already sent, failed or skipped is
     * not taken, so no job, however often pg-boss hands it out, sends a message twice. A row found `sending` is
     * taken again: see `deliverJob` (delivery.ts) for why. Answers the rows taken.
     */
    async claim(ids: readonly string[]): Promise<ClaimedNotification[]> {
      const result = await db.execute<ClaimedRow>(sql`
        WITH claimed AS (
          UPDATE ${notifications}
          SET state = 'sending', tries = tries + 1, updated_at = now()
          WHERE id = ANY(${sql.param([...ids])}::uuid[]) AND state IN ('queued', 'retrying', 'sending')
          RETURNING id, student_id, event, channel, payload, campaign_id, tries
        )
        SELECT claimed.id, claimed.event, claimed.channel, claimed.payload, claimed.tries, claimed.student_id,
          s.name, s.email, s.phone_number, c.name AS college, c.social_work, nc.text AS campaign_text
        FROM claimed
          JOIN ${students} s ON s.id = claimed.student_id
          JOIN ${colleges} c ON c.id = s.college_id
          LEFT JOIN ${notificationCampaigns} nc ON nc.id = claimed.campaign_id`);
      return result.rows.map((row) => ({
        id: row.id,
        event: row.event,
        channel: row.channel,
        payload: row.payload,
        tries: row.tries,
        studentId: row.student_id,
        name: row.name,
        email: row.email,
        phoneNumber: row.phone_number,
        college: row.college,
        socialWork: row.social_work,
        campaignText: row.campaign_text,
      }));
    },

    async markSent(ids: readonly string[]): Promise<void> {
      await db.execute(sql`
        UPDATE ${notifications} SET state = 'sent', sent_at = now(), last_error = NULL, updated_at = now()
        WHERE id = ANY(${sql.param([...ids])}::uuid[])`);
    },

    /** Nothing to send them with or to: not a try, so the claim's count is given back. */
    async markSkipped(skips: readonly { id: string; reason: string }[]): Promise<void> {
      await db.execute(sql`
        UPDATE ${notifications} n
        SET state = 'skipped', last_error = skip.reason, tries = greatest(n.tries - 1, 0), updated_at = now()
        FROM unnest(
          ${sql.param(skips.map((skip) => skip.id))}::uuid[],
          ${sql.param(skips.map((skip) => skip.reason))}::text[]
        ) AS skip(id, reason)
        WHERE n.id = skip.id`);
    },

    /** A try that did not deliver: `retrying` while tries are left, else `failed`. */
    async markTryFailed(id: string, reason: string, last: boolean): Promise<void> {
      await db.execute(sql`
        UPDATE ${notifications}
        SET state = ${last ? 'failed' : 'retrying'}, last_error = ${reason}, updated_at = now()
        WHERE id = ${id}`);
    },
  };
}

export type DeliveryRepository = ReturnType<typeof deliveryRepository>;
