import {
  type AppointStudentsResponse,
  appointedMessage,
  MESSAGE_TEMPLATES,
  MESSAGES,
  PERIOD_LABELS,
  type Period,
  schedulingDayProblem,
} from '@portal/common';
import type { AuditEntry } from '../../db/audit-trail.js';
import type { DbExecutor } from '../../db/executor.js';
import { AppError } from '../../lib/app-error.js';
import type { StaffPrincipal } from '../auth/index.js';
import type { ScheduledStudent, SchedulingRepository } from './scheduling.repository.js';
import { MAX_APPOINT_ROUNDS, needsAnotherRound, universityToday } from './scheduling.rules.js';

export interface SchedulingServiceDeps {
  repository: SchedulingRepository;
  /** Writes an audit row, in the given transaction when there is one. */
  audit: (entry: AuditEntry, tx?: DbExecutor) => Promise<void>;
  /** The university's IANA time zone: 'today' is reckoned in it. */
  timeZone: string;
  /** Days without interviews, 0 = Sunday … 6 = Saturday. */
  weekendDays: readonly number[];
  now?: () => Date;
}

export interface RequestContext {
  ip: string;
}

type Staff = Pick<StaffPrincipal, 'id' | 'userName'>;

export interface AppointInput {
  date: string;
  period: Period;
  NumOfStudents: number;
}

const actorOf = (staff: Staff) => ({ id: staff.id, userName: staff.userName });

/**
 * Interview scheduling of the social-work students (spec sections 2, 5 and 7; product decisions, 'Interview
 * scheduling'). Who may call is the access table's business; social-work staff see every social-work student.
 */
export function schedulingService({
  repository,
  audit,
  timeZone,
  weekendDays,
  now = () => new Date(),
}: SchedulingServiceDeps) {
  const today = () => universityToday(now(), timeZone);

  return {
    /** `POST /users/getAppointedStudentsNumber`: the day's counts per period and the students waiting. */
    async counts(date: string) {
      return { ...(await repository.counts(date)), date, today: today(), weekendDays: [...weekendDays] };
    },

    /**
     * `PATCH /users/appointStudents`: appoints the `NumOfStudents` earliest-completed waiting students on the
     * day in the period, all in one transaction with its audit row. Fewer waiting: those there are, and the
     * message says so; none: 409. A past or weekend day: 400, nothing changed. Each appointed student's
     * `interviewAppointed` message is queued in the same transaction (issue 17).
     */
    async appoint(
      staff: Staff,
      input: AppointInput,
      context: RequestContext,
    ): Promise<Omit<AppointStudentsResponse, 'status'>> {
      const problem = schedulingDayProblem(input.date, today(), weekendDays);
      if (problem) throw new AppError(400, problem);
      const requested = input.NumOfStudents;

      const { appointedIds, counts } = await repository.transaction(async (tx) => {
        const ids: string[] = [];
        for (let round = 0; round < MAX_APPOINT_ROUNDS; round++) {
          const done = await repository.appointRound(tx, {
            date: input.date,
            period: input.period,
            limit: requested - ids.length,
            appointedBy: staff.id,
          });
          ids.push(...done.appointedIds);
          const inserted = done.appointedIds.length;
          if (!needsAnotherRound({ picked: done.picked, inserted }, requested - ids.length)) break;
        }
        if (ids.length === 0) throw new AppError(409, MESSAGES.noStudentsWaiting);
        await repository.queueAppointed(tx, ids, { date: input.date, period: input.period });
        await audit(
          {
            actor: actorOf(staff),
            action: 'appointments.schedule',
            targetType: 'appointment_day',
            targetId: `${input.date}@${input.period}`,
            details: {
              date: input.date,
              period: input.period,
              requested,
              appointed: ids.length,
              studentIds: ids,
            },
            ip: context.ip,
          },
          tx,
        );
        return { appointedIds: ids, counts: await repository.counts(input.date, tx) };
      });

      return {
        message: appointedMessage(appointedIds.length, requested, input.date, input.period),
        data: {
          ...counts,
          date: input.date,
          period: input.period,
          requested,
          appointed: appointedIds.length,
        },
      };
    },

    /**
     * The print list of `GET /users/exportsAppointedStudents/{date}/{period}/{token}`, sorted by name; 404 with
     * the spec's message when nobody is scheduled that day, or nobody in that period. Printing is audited.
     */
    async printList(
      staff: Staff,
      date: string,
      period: Period,
      context: RequestContext,
    ): Promise<ScheduledStudent[]> {
      const students = await repository.scheduledStudents(date, period);
      if (students.length === 0) {
        const counts = await repository.counts(date);
        throw new AppError(
          404,
          counts.students9 + counts.students12 === 0
            ? MESSAGES.noStudentsScheduledDay
            : MESSAGE_TEMPLATES.noStudentsScheduledPeriod(PERIOD_LABELS[period]),
        );
      }
      await audit({
        actor: actorOf(staff),
        action: 'appointments.print',
        targetType: 'appointment_day',
        targetId: `${date}@${period}`,
        details: { date, period, students: students.length },
        ip: context.ip,
      });
      return students;
    },
  };
}
export type SchedulingService = ReturnType<typeof schedulingService>;
