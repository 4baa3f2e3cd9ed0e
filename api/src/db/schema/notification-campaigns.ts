import { jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { colleges } from './colleges.js';
import { createdAt, id } from './columns.js';
import { staffUsers } from './staff-users.js';

/** A staff message to a faculty's students (issue 17): who wrote what to whom, and through which channels. */
export const notificationCampaigns = pgTable('notification_campaigns', {
  id: id(),
  collegeId: uuid('college_id')
    .notNull()
    .references(() => colleges.id, { onDelete: 'cascade' }),
  filter: jsonb('filter').$type<{ audience: string; day?: string }>().notNull(),
  channels: text('channels').array().notNull(),
  text: text('text').notNull(),
  createdBy: uuid('created_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  /** The writer's user name as it was, kept when the account is later deleted. */
  createdByUserName: text('created_by_user_name'),
  createdAt: createdAt(),
});
