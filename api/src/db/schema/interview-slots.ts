import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  pgTable,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { staffUsers } from './staff-users.js';

/**
 * Interview slots the social-work staff publish (issue 18): a day, a period and a place for up to `capacity`
 * students to book. A slot is closed rather than deleted, so the bookings it holds keep their place.
 */
export const interviewSlots = pgTable(
  'interview_slots',
  {
    id: id(),
    day: date('day').notNull(),
    period: smallint('period').notNull(),
    capacity: smallint('capacity').notNull(),
    place: text('place').notNull(),
    closed: boolean('closed').notNull().default(false),
    createdBy: uuid('created_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One place is published once per day and period; the index also serves the lists by day and period.
    uniqueIndex('interview_slots_day_period_place_key').on(t.day, t.period, t.place),
    // The target of the appointments' (slot, day, period) key, which keeps a booking on its slot's day.
    unique('interview_slots_id_day_period_key').on(t.id, t.day, t.period),
    check('interview_slots_period_check', sql`${t.period} IN (9, 12)`),
    check('interview_slots_capacity_check', sql`${t.capacity} BETWEEN 1 AND 500`),
  ],
);
