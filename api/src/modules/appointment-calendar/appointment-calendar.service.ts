import { MESSAGES, type StudentData } from '@portal/common';
import { AppError } from '../../lib/app-error.js';
import type { AppointmentCalendarRepository } from './appointment-calendar.repository.js';
import { appointmentIcs } from './appointment-ics.js';

type Appointment = Pick<StudentData, 'appointed' | 'appointedDay' | 'appointedHour'>;

/** The personal-interview appointment as the student screens read it; the table allows only 9 and 12. */
export function appointmentOf(student: {
  appointedDay: string | null;
  appointedHour: number | null;
}): Appointment {
  const { appointedDay, appointedHour } = student;
  if (appointedDay === null || (appointedHour !== 9 && appointedHour !== 12)) {
    return { appointed: false, appointedDay: null, appointedHour: null };
  }
  return { appointed: true, appointedDay, appointedHour };
}

export function appointmentCalendarService(
  repository: AppointmentCalendarRepository,
  options: { timeZone: string },
) {
  return {
    /** The student's appointment as a calendar file; 404 without the student or without an appointment. */
    async appointmentCalendar(studentId: string, now = new Date()): Promise<string> {
      const student = await repository.findAppointment(studentId);
      if (!student) throw new AppError(404, MESSAGES.studentNotFound);
      const appointment = appointmentOf(student);
      if (!appointment.appointed || appointment.appointedDay === null || appointment.appointedHour === null) {
        throw new AppError(404, MESSAGES.appointmentNotSet);
      }
      return appointmentIcs({
        studentId: student.id,
        college: student.college,
        day: appointment.appointedDay,
        hour: appointment.appointedHour,
        place: student.place,
        timeZone: options.timeZone,
        now,
      });
    },
  };
}
