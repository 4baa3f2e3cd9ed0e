import type { Period } from '@portal/common';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/executor.js';
import type { Database } from '../../db/pool.js';
import { appointments, interviewSlots } from '../../db/schema/index.js';
import type { DateRange } from './interviews.repository.js';

/** A slot with the students who booked it. */
export interface SlotRow {
  id: string;
  day: string;
  period: Period;
  capacity: number;
  place: string;
  closed: boolean;
  booked: number;
}

/** The PostgreSQL error of a unique index, with the index's name (node-postgres' `constraint`). */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (
    let current = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
    current;
  ) {
    if (current.code === '23505' && current.constraint === constraint) return true;
    current = current.cause as typeof current;
  }
  return false;
}
const SLOT_PLACE_KEY = 'interview_slots_day_period_place_key';

const slotColumns = {
  id: interviewSlots.id,
  day: interviewSlots.day,
  period: interviewSlots.period,
  capacity: interviewSlots.capacity,
  place: interviewSlots.place,
  closed: interviewSlots.closed,
};
/** The slot's bookings, read through appointments_slot_idx. */
const bookedCount = sql<number>`(SELECT count(*)::int FROM ${appointments} WHERE ${appointments.slotId} = ${interviewSlots.id})`;

function inRange(column: typeof appointments.appointedDay | typeof interviewSlots.day, range: DateRange) {
  return and(range.from ? gte(column, range.from) : undefined, range.to ? lte(column, range.to) : undefined);
}

export const asSlot = (row: Omit<SlotRow, 'period'> & { period: number }): SlotRow => ({
  ...row,
  period: row.period as Period,
});

/** The slots as the staff publish, change and list them, and as the students find them open. */
export function slotsRepository(db: Database) {
  return {
    /** Publishes a slot; undefined when the place is already published for that day and period. */
    async insertSlot(
      tx: DbExecutor,
      slot: { day: string; period: Period; capacity: number; place: string; createdBy: string },
    ): Promise<SlotRow | undefined> {
      const [row] = await tx
        .insert(interviewSlots)
        .values(slot)
        .onConflictDoNothing({ target: [interviewSlots.day, interviewSlots.period, interviewSlots.place] })
        .returning(slotColumns);
      return row ? asSlot({ ...row, booked: 0 }) : undefined;
    },

    /**
     * Locks the slot (`FOR UPDATE`) and then counts its bookings in a statement of its own: under READ
     * COMMITTED a later statement sees every booking committed by whoever held the lock before, which the
     * statement that waited for the lock would not. Every booking of a slot is written under this lock.
     */
    async lockSlot(tx: DbExecutor, id: string): Promise<SlotRow | undefined> {
      const [row] = await tx
        .select(slotColumns)
        .from(interviewSlots)
        .where(eq(interviewSlots.id, id))
        .for('update');
      if (!row) return undefined;
      const [count] = await tx
        .select({ booked: sql<number>`count(*)::int` })
        .from(appointments)
        .where(eq(appointments.slotId, id));
      return asSlot({ ...row, booked: count?.booked ?? 0 });
    },

    /** Changes a locked slot; 'duplicate' when the new place is already published for its day and period. */
    async updateSlot(
      tx: DbExecutor,
      id: string,
      changes: { capacity?: number | undefined; place?: string | undefined; closed?: boolean | undefined },
    ): Promise<'duplicate' | undefined> {
      try {
        await tx
          .update(interviewSlots)
          .set({
            ...(changes.capacity !== undefined ? { capacity: changes.capacity } : {}),
            ...(changes.place !== undefined ? { place: changes.place } : {}),
            ...(changes.closed !== undefined ? { closed: changes.closed } : {}),
            updatedAt: sql`now()`,
          })
          .where(eq(interviewSlots.id, id));
        return undefined;
      } catch (error) {
        if (isUniqueViolation(error, SLOT_PLACE_KEY)) return 'duplicate';
        throw error;
      }
    },

    /** The slots of the days in the range with their bookings, by day, period and place. */
    async slots(range: DateRange): Promise<SlotRow[]> {
      const rows = await db
        .select({ ...slotColumns, booked: bookedCount })
        .from(interviewSlots)
        .where(inRange(interviewSlots.day, range))
        .orderBy(asc(interviewSlots.day), asc(interviewSlots.period), asc(interviewSlots.place));
      return rows.map(asSlot);
    },

    /** Open slots from the day on (the caller drops those already started or full). */
    async openSlotsFrom(day: string): Promise<SlotRow[]> {
      const rows = await db
        .select({ ...slotColumns, booked: bookedCount })
        .from(interviewSlots)
        .where(and(gte(interviewSlots.day, day), eq(interviewSlots.closed, false)))
        .orderBy(asc(interviewSlots.day), asc(interviewSlots.period), asc(interviewSlots.place));
      return rows.map(asSlot);
    },
  };
}
