import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/pool.js';
import { appointments, colleges, students } from '../../db/schema.js';
import { studentProfileColumns } from '../../db/student-profile-columns.js';

export function studentsRepository(db: Database) {
  /** The login lookup, the hottest student query: one prepared statement, unique index on national_id. */
  const findByNationalId = db
    .select({
      ...studentProfileColumns,
      isPassed: students.isPassed,
      isCompletedAdditionalQuestions: students.isCompletedAdditionalQuestions,
      appointedDay: appointments.appointedDay,
      appointedHour: appointments.appointedHour,
    })
    .from(students)
    .innerJoin(colleges, eq(colleges.id, students.collegeId))
    .leftJoin(appointments, eq(appointments.studentId, students.id))
    .where(eq(students.nationalId, sql.placeholder('nationalId')))
    .prepare('students_find_by_national_id');

  /** The student's college and appointment (null day and hour without one); undefined for no such student. */
  const findAppointment = db
    .select({
      id: students.id,
      college: colleges.name,
      appointedDay: appointments.appointedDay,
      appointedHour: appointments.appointedHour,
    })
    .from(students)
    .innerJoin(colleges, eq(colleges.id, students.collegeId))
    .leftJoin(appointments, eq(appointments.studentId, students.id))
    .where(eq(students.id, sql.placeholder('studentId')))
    .prepare('students_find_appointment');

  return {
    async findByNationalId(nationalId: string) {
      return (await findByNationalId.execute({ nationalId }))[0];
    },
    async findAppointment(studentId: string) {
      return (await findAppointment.execute({ studentId }))[0];
    },
  };
}
export type StudentsRepository = ReturnType<typeof studentsRepository>;
export type StudentRecord = NonNullable<Awaited<ReturnType<StudentsRepository['findByNationalId']>>>;
