import type { InterviewDayStudent, Period } from '@portal/common';
import { toOutcome } from './outcomes.service.js';
import { actorOf, type PartDeps, type RequestContext, type Staff } from './service-deps.js';

/** The committee's list of a day's appointed students. */
export function dayListService({ repository, audit }: PartDeps) {
  return {
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
  };
}
