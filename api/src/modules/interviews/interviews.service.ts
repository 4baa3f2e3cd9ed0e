import {
  BOOKING_CHANGE_CUTOFF_HOURS,
  DOWNLOAD_LINK_LIFETIME_MS,
  INTERVIEW_MESSAGES,
  INTERVIEW_STAFF_ROLES,
  type InterviewCounts,
  type InterviewDayStudent,
  type InterviewOutcome,
  type InterviewOutcomeInput,
  type InterviewSlot,
  interviewTotal,
  MESSAGE_TEMPLATES,
  MESSAGES,
  type Period,
  type StudentBooking,
  type StudentInterviewSlotsResponse,
  schedulingDayProblem,
} from '@portal/common';
import type { AuditEntry } from '../../db/audit-trail.js';
import type { DbExecutor } from '../../db/executor.js';
import { AppError } from '../../lib/app-error.js';
import { type LinkSigner, requireLinkOwner, requireValidLink } from '../../lib/signed-link.js';
import type { StaffPrincipal } from '../auth/index.js';
import { universityToday } from '../scheduling/index.js';
import type { DateRange, InterviewsRepository, OutcomeRow, SlotRow } from './interviews.repository.js';
import {
  type BookingStudent,
  bookingChangeProblem,
  bookingEligibility,
  canChangeBooking,
  changeDeadline,
  freePlaces,
  periodStart,
  type Refusal,
  slotProblem,
} from './interviews.rules.js';

export interface InterviewsServiceDeps {
  repository: InterviewsRepository;
  /** Writes one audit row, in the transaction when one is given. */
  audit: (entry: AuditEntry, tx?: DbExecutor) => Promise<void>;
  /** The university's IANA time zone: today, a period's start and the 24-hour rule are reckoned in it. */
  timeZone: string;
  /** Days without interviews, 0 = Sunday … 6 = Saturday. */
  weekendDays: readonly number[];
  /** Signs the export links; any instance holding the secret serves them. */
  links: LinkSigner;
  /** The full path of an export link, e.g. `/api/v1/interviews/export/<token>`. */
  downloadPath: (token: string) => string;
  now?: () => Date;
}

export interface RequestContext {
  ip: string;
}

type Staff = Pick<StaffPrincipal, 'id' | 'userName'>;

/** Purpose of the outcomes export links (lib/signed-link.ts): a link of another export is refused here. */
export const INTERVIEW_EXPORT_LINK_PURPOSE = 'interview-export';
/** Who may open an export link: the staff of the interview calls, as the account is now. */
const EXPORT_ROLES: readonly string[] = INTERVIEW_STAFF_ROLES;

const actorOf = (staff: Staff) => ({ id: staff.id, userName: staff.userName });

const SLOT_NOT_FOUND: Refusal = { status: 404, message: INTERVIEW_MESSAGES.slotNotFound };

const refuse = (refusal: Refusal | undefined) => {
  if (refusal) throw new AppError(refusal.status, refusal.message);
};

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

const toOutcome = (row: OutcomeRow): InterviewOutcome => ({
  attended: row.attended,
  scores: row.scores,
  total: row.total,
  decision: row.decision,
  notes: row.notes,
  recordedBy: row.recordedByUserName,
  recordedAt: row.recordedAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** An outcome as the audit log keeps it (before and after a save): what was decided, not who or when. */
const auditedOutcome = (row: OutcomeRow | undefined) =>
  row
    ? {
        attended: row.attended,
        scores: row.scores,
        total: row.total,
        decision: row.decision,
        notes: row.notes,
      }
    : null;

interface LinkData {
  s: string;
  i: number;
  f: string | null;
  t: string | null;
}

function isLinkData(data: Record<string, unknown>): data is Record<string, unknown> & LinkData {
  const day = (value: unknown) =>
    value === null || (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value));
  return typeof data.s === 'string' && typeof data.i === 'number' && day(data.f) && day(data.t);
}

/**
 * Interviews (issue 18): slots, the student's own booking, outcomes, statistics and the export. Who may call
 * the staff calls is the access table's business; the student calls are guarded by the student's session.
 */
export function interviewsService({
  repository,
  audit,
  timeZone,
  weekendDays,
  links,
  downloadPath,
  now = () => new Date(),
}: InterviewsServiceDeps) {
  function bookingOf(
    slot: { id: string; day: string; period: Period; place: string },
    at: Date,
  ): StudentBooking {
    const start = periodStart(slot.day, slot.period, timeZone);
    return {
      slotId: slot.id,
      date: slot.day,
      period: slot.period,
      place: slot.place,
      startsAt: start.toISOString(),
      changeableUntil: changeDeadline(start).toISOString(),
      changeable: canChangeBooking(start, at),
    };
  }

  /**
   * The student's own booking as the student screens show it, or null (none yet). A recorded outcome fixes it
   * whatever the clock says.
   */
  function currentBooking(student: BookingStudent & { place: string | null }, at: Date) {
    const appointment = student.appointment;
    if (!appointment?.slotId || student.place === null) return null;
    const booking = bookingOf(
      { id: appointment.slotId, day: appointment.day, period: appointment.hour, place: student.place },
      at,
    );
    return student.outcomeRecorded ? { ...booking, changeable: false } : booking;
  }

  /**
   * The student's side of a booking: refused unless eligible; its own booking of this very slot again (a second
   * click) answered as it is, changing and auditing nothing; otherwise its booking must still be changeable.
   */
  function sameSlot(student: BookingStudent & { place: string | null }, slotId: string, at: Date) {
    refuse(bookingEligibility(student));
    if (student.appointment?.slotId === slotId) return currentBooking(student, at) ?? undefined;
    refuse(bookingChangeProblem(student, timeZone, at));
    return undefined;
  }

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

    /**
     * `GET /students/interviewSlots/{id}`: for a social-work student with complete data, waiting or holding its
     * own booking: the slots it may book now (open, not started, with a free place; its own left out) and its
     * booking. Nothing to choose from once its booking can no longer change.
     */
    async studentSlots(studentId: string): Promise<StudentInterviewSlotsResponse['data']> {
      const at = now();
      const student = await repository.bookingStudent(studentId);
      if (!student) throw new AppError(404, MESSAGES.studentNotFound);
      refuse(bookingEligibility(student));
      const booking = currentBooking(student, at);
      const open =
        booking && !booking.changeable ? [] : await repository.openSlotsFrom(universityToday(at, timeZone));
      return {
        slots: open
          .filter((slot) => slot.id !== booking?.slotId && !slotProblem(slot, timeZone, at))
          .map((slot) => ({
            id: slot.id,
            date: slot.day,
            period: slot.period,
            place: slot.place,
            free: freePlaces(slot),
          })),
        booking,
        changeCutoffHours: BOOKING_CHANGE_CUTOFF_HOURS,
      };
    },

    /**
     * `POST /students/bookInterview/{id}`: books the slot, or moves the student's booking to it. Everything is
     * checked first without a lock (a refusal then holds for that instant), and again under the locks: the
     * student's row, then the slot's, whose bookings are counted under that lock. However many students ask at
     * once, a slot never takes more than its capacity and a student never holds two appointments (the primary
     * key of appointments). Audited without an actor: the student did it. The `interviewAppointed` message is
     * queued with it (issue 17), once per day, period and slot.
     */
    async book(
      studentId: string,
      slotId: string,
      context: RequestContext,
    ): Promise<{ moved: boolean; booking: StudentBooking }> {
      const at = now();
      const seen = await repository.bookingView(studentId, slotId);
      if (!seen) throw new AppError(404, MESSAGES.studentNotFound);
      const again = sameSlot(seen.student, slotId, at);
      if (again) return { moved: false, booking: again };
      refuse(seen.slot ? slotProblem(seen.slot, timeZone, at) : SLOT_NOT_FOUND);

      return repository.transaction(async (tx) => {
        if (!(await repository.lockStudent(tx, studentId))) throw new AppError(404, MESSAGES.studentNotFound);
        const student = await repository.bookingStudent(studentId, tx);
        if (!student) throw new AppError(404, MESSAGES.studentNotFound);
        const current = sameSlot(student, slotId, at);
        if (current) return { moved: false, booking: current };
        const slot = await repository.lockSlot(tx, slotId);
        if (!slot) throw new AppError(404, INTERVIEW_MESSAGES.slotNotFound);
        refuse(slotProblem(slot, timeZone, at));

        const from = student.appointment?.slotId ?? null;
        const written = from
          ? await repository.moveBooking(tx, studentId, from, slot)
          : await repository.insertBooking(tx, studentId, slot);
        // The student's row is locked, so only a change from outside the portal's calls gets here.
        if (!written) throw new AppError(409, INTERVIEW_MESSAGES.interviewAppointedByStaff);
        await audit(
          {
            actor: null,
            action: from ? 'interviews.move' : 'interviews.book',
            targetType: 'student',
            targetId: studentId,
            details: {
              slotId: slot.id,
              date: slot.day,
              period: slot.period,
              place: slot.place,
              ...(from ? { fromSlotId: from, fromDate: student.appointment?.day } : {}),
            },
            ip: context.ip,
          },
          tx,
        );
        await repository.queueNotifications(tx, [
          {
            studentId,
            event: 'interviewAppointed',
            // Each booking is its own occurrence (a student moved A → B → A hears of each move), and is queued
            // once, in its own transaction.
            dedupeKey: `interviewAppointed:${slot.day}:${slot.period}:${slot.id}:${at.toISOString()}`,
            payload: { day: slot.day, hour: slot.period, place: slot.place },
          },
        ]);
        return { moved: from !== null, booking: bookingOf(slot, at) };
      });
    },

    /** `POST /students/cancelInterview/{id}`: gives the booked place back, until 24 hours before the start. */
    async cancel(studentId: string, context: RequestContext): Promise<void> {
      const at = now();
      await repository.transaction(async (tx) => {
        if (!(await repository.lockStudent(tx, studentId))) throw new AppError(404, MESSAGES.studentNotFound);
        const student = await repository.bookingStudent(studentId, tx);
        if (!student) throw new AppError(404, MESSAGES.studentNotFound);
        refuse(bookingEligibility(student));
        const slotId = student.appointment?.slotId;
        if (!student.appointment || !slotId) throw new AppError(409, INTERVIEW_MESSAGES.interviewNoBooking);
        refuse(bookingChangeProblem(student, timeZone, at));
        if (!(await repository.deleteBooking(tx, studentId, slotId)))
          throw new AppError(409, INTERVIEW_MESSAGES.interviewNoBooking);
        await audit(
          {
            actor: null,
            action: 'interviews.cancel',
            targetType: 'student',
            targetId: studentId,
            details: {
              slotId,
              date: student.appointment.day,
              period: student.appointment.hour,
              place: student.place,
            },
            ip: context.ip,
          },
          tx,
        );
      });
    },

    /** `GET /interviews/day`: the day's appointed students, however appointed, with their outcomes. */
    async day(staff: Staff, date: string, period: Period | undefined, context: RequestContext) {
      const rows = await repository.day(date, period);
      // The day's list shows names, national IDs and phones: each read is audited (issue 33).
      await audit({
        actor: actorOf(staff),
        action: 'interviews.day_list',
        targetType: 'appointment_day',
        targetId: period ? `${date}@${period}` : date,
        details: { date, ...(period ? { period } : {}), rows: rows.length },
        ip: context.ip,
      });
      return {
        date,
        period: period ?? null,
        students: rows.map(
          (row): InterviewDayStudent => ({
            studentId: row.studentId,
            name: row.name,
            nationalId: row.nationalId,
            phoneNumber: row.phoneNumber,
            date: row.day,
            period: row.period,
            place: row.place,
            slotId: row.slotId,
            source: row.slotId ? 'booking' : 'staff',
            outcome: row.outcome ? toOutcome(row.outcome) : null,
          }),
        ),
      };
    },

    /**
     * `PUT /interviews/outcome/{studentId}`: records or corrects the outcome of an appointed student, in one
     * transaction with its audit row naming what it replaced.
     */
    async saveOutcome(
      staff: Staff,
      studentId: string,
      input: InterviewOutcomeInput,
      context: RequestContext,
    ): Promise<InterviewOutcome> {
      return repository.transaction(async (tx) => {
        if (!(await repository.lockStudent(tx, studentId)))
          throw new AppError(404, MESSAGES.studentRecordNotFound);
        if (!(await repository.isAppointed(tx, studentId)))
          throw new AppError(409, INTERVIEW_MESSAGES.interviewNotAppointed);
        const before = await repository.outcome(tx, studentId);
        const saved = await repository.saveOutcome(
          tx,
          studentId,
          { ...input, total: interviewTotal(input.scores) },
          actorOf(staff),
        );
        await audit(
          {
            actor: actorOf(staff),
            action: 'interviews.outcome',
            targetType: 'student',
            targetId: studentId,
            details: { before: auditedOutcome(before), after: auditedOutcome(saved) },
            ip: context.ip,
          },
          tx,
        );
        return toOutcome(saved);
      });
    },

    /** `GET /interviews/statistics`: each day with appointments in the range, and the total. */
    async statistics(
      range: DateRange,
    ): Promise<{ days: (InterviewCounts & { date: string })[]; total: InterviewCounts }> {
      const days = await repository.statistics(range);
      const total: InterviewCounts = {
        appointed: 0,
        attended: 0,
        absent: 0,
        suitable: 0,
        notSuitable: 0,
        notRecorded: 0,
      };
      for (const day of days)
        for (const key of Object.keys(total) as (keyof InterviewCounts)[]) total[key] += day[key];
      return { days, total };
    },

    /** `POST /interviews/export`: a signed link, valid 10 minutes, to the outcomes of the range. Audited. */
    async exportLink(staff: Staff, range: DateRange, context: RequestContext): Promise<string> {
      const issuedAt = now().getTime();
      const data: LinkData = { s: staff.id, i: issuedAt, f: range.from ?? null, t: range.to ?? null };
      const token = links.sign(
        INTERVIEW_EXPORT_LINK_PURPOSE,
        { ...data },
        DOWNLOAD_LINK_LIFETIME_MS,
        issuedAt,
      );
      await audit({
        actor: actorOf(staff),
        action: 'interviews.export',
        targetType: 'interview_outcomes',
        details: {
          from: data.f,
          to: data.t,
          linkExpiresAt: new Date(issuedAt + DOWNLOAD_LINK_LIFETIME_MS).toISOString(),
        },
        ip: context.ip,
      });
      return downloadPath(token);
    },

    /**
     * What an export link stands for: 400/403/410 for a malformed, forged or expired link, 403 when the account
     * it was made for is gone, lost the role, or changed its password since. The download is audited.
     */
    async openExport(token: string, context: RequestContext): Promise<DateRange> {
      const { data } = requireValidLink(links, INTERVIEW_EXPORT_LINK_PURPOSE, token);
      if (!isLinkData(data)) throw new AppError(400, MESSAGES.downloadLinkInvalid);
      const staff = requireLinkOwner(await repository.staffForLink(data.s), EXPORT_ROLES, data.i);
      const range = { from: data.f ?? undefined, to: data.t ?? undefined };
      await audit({
        actor: { id: data.s, userName: staff.userName },
        action: 'interviews.export_download',
        targetType: 'interview_outcomes',
        details: { from: data.f, to: data.t, rows: await repository.countOutcomes(range) },
        ip: context.ip,
      });
      return range;
    },
  };
}
export type InterviewsService = ReturnType<typeof interviewsService>;
