import {
  INTERVIEW_MESSAGES,
  type InterviewSlot,
  MESSAGE_TEMPLATES,
  type Period,
  schedulingDayProblem,
} from '@portal/common';
import { AppError } from '../../lib/app-error.js';
import { universityToday } from '../scheduling/index.js';
import type { DateRange } from './interviews.repository.js';
import { freePlaces } from './interviews.rules.js';
import { actorOf, type PartDeps, type RequestContext, type Staff } from './service-deps.js';
import type { SlotRow } from './slots.repository.js';

const toSlot = (row: SlotRow): InterviewSlot => ({
  id: row.id,
  date: row.day,
  period: row.period,
  place: row.place,
  capacity: row.capacity,
  booked: row.booked,
  free: freePlaces(row),
  closed: row.closed,
});

/** The slots the social-work staff publish, change and list. */
export function slotsService({ repository, audit, timeZone, weekendDays, now }: PartDeps) {
  return {
    /** `POST /interviews/slots`: publishes a slot on a day interviews can be held (not past, not a weekend). */
    async createSlot(
      staff: Staff,
      input: { date: string; period: Period; capacity: number; place: string },
      context: RequestContext,
    ): Promise<InterviewSlot> {
      const dayProblem = schedulingDayProblem(input.date, universityToday(now(), timeZone), weekendDays);
      if (dayProblem) throw new AppError(400, dayProblem);
      return repository.transaction(async (tx) => {
        const slot = await repository.insertSlot(tx, {
          day: input.date,
          period: input.period,
          capacity: input.capacity,
          place: input.place,
          createdBy: staff.id,
        });
        if (!slot) throw new AppError(409, INTERVIEW_MESSAGES.slotDuplicate);
        await audit(
          {
            actor: actorOf(staff),
            action: 'interviews.slot_create',
            targetType: 'interview_slot',
            targetId: slot.id,
            details: { date: slot.day, period: slot.period, capacity: slot.capacity, place: slot.place },
            ip: context.ip,
          },
          tx,
        );
        return toSlot(slot);
      });
    },

    /**
     * `PATCH /interviews/slots/{id}`: capacity, place, closed. The capacity never goes below the bookings
     * (counted under the slot's lock, so no booking slips in meanwhile); closing keeps the bookings.
     */
    async updateSlot(
      staff: Staff,
      id: string,
      changes: { capacity?: number | undefined; place?: string | undefined; closed?: boolean | undefined },
      context: RequestContext,
    ): Promise<InterviewSlot> {
      return repository.transaction(async (tx) => {
        const before = await repository.lockSlot(tx, id);
        if (!before) throw new AppError(404, INTERVIEW_MESSAGES.slotNotFound);
        if (changes.capacity !== undefined && changes.capacity < before.booked)
          throw new AppError(409, MESSAGE_TEMPLATES.slotCapacityBelowBooked(before.booked));
        if ((await repository.updateSlot(tx, id, changes)) === 'duplicate')
          throw new AppError(409, INTERVIEW_MESSAGES.slotDuplicate);
        const after: SlotRow = {
          ...before,
          capacity: changes.capacity ?? before.capacity,
          place: changes.place ?? before.place,
          closed: changes.closed ?? before.closed,
        };
        const kept = (slot: SlotRow) => ({ capacity: slot.capacity, place: slot.place, closed: slot.closed });
        await audit(
          {
            actor: actorOf(staff),
            action: 'interviews.slot_update',
            targetType: 'interview_slot',
            targetId: id,
            details: { date: before.day, period: before.period, before: kept(before), after: kept(after) },
            ip: context.ip,
          },
          tx,
        );
        return toSlot(after);
      });
    },

    /** `GET /interviews/slots`: the range's slots with their bookings. */
    async slots(range: DateRange): Promise<InterviewSlot[]> {
      return (await repository.slots(range)).map(toSlot);
    },
  };
}
