import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { notificationCampaigns } from './notification-campaigns.js';
import { students } from './students.js';

/**
 * The notifications outbox (issue 17): one row per message to a student on one channel, written in the same
 * transaction as the change that causes it, handed to the job queue by the dispatcher (`dispatched`), and kept
 * with its delivery state. `dedupe_key` names the occurrence (the event and what makes it one), so that a message
 * is queued at most once per occurrence, student and channel.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    event: text('event', {
      enum: [
        'dataCompleted',
        'documentRefused',
        'documentsAccepted',
        'interviewAppointed',
        'deadlineReminder',
        'staffMessage',
        'student.step_up',
        'student.contact_changed',
      ],
    }).notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    /** What the message says beyond the student's own row: the refused documents, the appointment, the text. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    campaignId: uuid('campaign_id').references(() => notificationCampaigns.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['queued', 'sending', 'retrying', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('queued'),
    /** Whether the delivery job exists: set in the transaction that creates it. */
    dispatched: boolean('dispatched').notNull().default(false),
    tries: smallint('tries').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_key').on(t.studentId, t.channel, t.dedupeKey),
    // The dispatcher's work: the few rows not yet handed to the queue.
    index('notifications_undispatched_idx').on(t.createdAt).where(sql`NOT ${t.dispatched}`),
    index('notifications_campaign_state_idx').on(t.campaignId, t.state),
    // The failures the notifications screen lists, newest first. Partial: a message is written `queued` and
    // most end `sent`, so queueing 50,000 of them and delivering them do not maintain it. The staff record's list
    // of a student's messages takes the dedupe key's index, which leads with the student.
    index('notifications_failures_idx')
      .on(t.state, t.updatedAt)
      .where(sql`${t.state} IN ('failed', 'retrying')`),
  ],
);
