import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/pool.js';
import { appointments, colleges, interviewSlots, students } from '../../db/schema/index.js';

export function appointmentCalendarRepository(db: Database) {
  /**
   * The student's college and appointment (null day and hour without one) with its booked slot's place (null
   * without one); undefined for no such student.
   */
  const findAppointment = db
    .select({
      id: students.id,
      college: colleges.name,
      appointedDay: appointments.appointedDay,
      appointedHour: appointments.appointedHour,
      place: interviewSlots.place,
    })
    .from(students)
    .innerJoin(colleges, eq(colleges.id, students.collegeId))
    .leftJoin(appointments, eq(appointments.studentId, students.id))
    .leftJoin(interviewSlots, eq(interviewSlots.id, appointments.slotId))
    .where(eq(students.id, sql.placeholder('studentId')))
    .prepare('students_find_appointment');

  return {
    async findAppointment(studentId: string) {
      return (await findAppointment.execute({ studentId }))[0];
    },
  };
}
export type AppointmentCalendarRepository = ReturnType<typeof appointmentCalendarRepository>;
