import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/pool.js';
import { appointments, colleges, students } from '../../db/schema.js';

export function studentsRepository(db: Database) {
  /** The login lookup, the hottest student query: one prepared statement, unique index on national_id. */
  const findByNationalId = db
    .select({
      id: students.id,
      nationalId: students.nationalId,
      name: students.name,
      seatNo: students.seatNo,
      phoneNumber: students.phoneNumber,
      gender: students.gender,
      enrollmentStatus: students.enrollmentStatus,
      college: colleges.name,
      socialWork: colleges.socialWork,
      tourism: colleges.tourism,
      studentNameEn: students.studentNameEn,
      address: students.address,
      homeTel: students.homeTel,
      email: students.email,
      city: students.city,
      program1: students.program1,
      program2: students.program2,
      program3: students.program3,
      qualification: students.qualification,
      qualificationYear: students.qualificationYear,
      totalGrade: students.totalGrade,
      percentage: students.percentage,
      importedTotalGrade: students.importedTotalGrade,
      importedPercentage: students.importedPercentage,
      masterName: students.masterName,
      masterJob: students.masterJob,
      masterQualification: students.masterQualification,
      fatherName: students.fatherName,
      fatherJob: students.fatherJob,
      fatherQualification: students.fatherQualification,
      fatherNationality: students.fatherNationality,
      fatherMobile: students.fatherMobile,
      motherName: students.motherName,
      motherNationality: students.motherNationality,
      motherJob: students.motherJob,
      motherMobile: students.motherMobile,
      brothersNum: students.brothersNum,
      brothersMaleNum: students.brothersMaleNum,
      brothersFemaleNum: students.brothersFemaleNum,
      brothersOrder: students.brothersOrder,
      income: students.income,
      isComplete: students.isComplete,
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
