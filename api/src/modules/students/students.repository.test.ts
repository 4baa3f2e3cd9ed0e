import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertStudent, randomNationalId } from '../../../test/builders.js';
import { createTestApp } from '../../../test/test-app.js';
import { appointments, colleges, students } from '../../db/schema.js';
import { asOneJsonColumn, lookupColumns, studentsRepository } from './students.repository.js';

const { database } = await createTestApp();
const repository = studentsRepository(database.db);

/** The same columns read the plain way, one by one through Drizzle's own decoders. */
async function readPlainly(nationalId: string) {
  const [row] = await database.db
    .select(lookupColumns)
    .from(students)
    .innerJoin(colleges, eq(colleges.id, students.collegeId))
    .leftJoin(appointments, eq(appointments.studentId, students.id))
    .where(eq(students.nationalId, nationalId));
  return row;
}

/** Every column of the lookup with a value, the awkward ones included (quotes, a trailing zero, Arabic). */
const everyField = {
  college: 'كلية السياحة والفنادق',
  name: 'أحمد "الصغير" علي\\',
  seatNo: '000123',
  phoneNumber: '01012345678',
  gender: 'ذكر',
  enrollmentStatus: 'affiliated',
  studentNameEn: 'Ahmed Ali',
  address: 'شارع النيل،\nالمنصورة',
  homeTel: '0502223344',
  email: 'ahmed@example.com',
  city: 'المنصورة',
  program1: 'إرشاد سياحي',
  program2: 'دراسات فندقية',
  program3: 'إدارة',
  qualification: 'الثانوية العامة',
  qualificationYear: '2025/2026',
  totalGrade: '385.50',
  percentage: '93.00',
  importedTotalGrade: '380.25',
  importedPercentage: '91.10',
  masterName: 'محمد علي',
  masterJob: 'مهندس',
  masterQualification: 'بكالوريوس',
  fatherName: 'محمد علي',
  fatherJob: 'مهندس',
  fatherQualification: 'بكالوريوس',
  fatherNationality: 'مصري',
  fatherMobile: '01098765432',
  motherName: 'فاطمة حسن',
  motherNationality: 'مصرية',
  motherJob: 'طبيبة',
  motherMobile: '01111111111',
  brothersNum: 3,
  brothersMaleNum: 1,
  brothersFemaleNum: 2,
  brothersOrder: 2,
  income: 12000,
  isComplete: true,
  isPassed: true,
  isCompletedAdditionalQuestions: true,
} as const;

describe('studentsRepository.findByNationalId', () => {
  it('reads every column exactly as a plain select does, numerics as text and the day as YYYY-MM-DD', async () => {
    const student = await insertStudent(database.db, everyField);
    await database.db
      .insert(appointments)
      .values({ studentId: student.id, appointedDay: '2026-08-15', appointedHour: 12 });
    const found = await repository.findByNationalId(student.nationalId);
    expect(found).toEqual(await readPlainly(student.nationalId));
    expect(Object.values(found ?? {})).not.toContain(null);
    expect(found).toMatchObject({ totalGrade: '385.50', appointedDay: '2026-08-15', appointedHour: 12 });
  });

  it('reads nulls and the absent appointment as a plain select does', async () => {
    const student = await insertStudent(database.db);
    const found = await repository.findByNationalId(student.nationalId);
    expect(found).toEqual(await readPlainly(student.nationalId));
    expect(found).toMatchObject({
      phoneNumber: null,
      totalGrade: null,
      appointedDay: null,
      appointedHour: null,
    });
  });

  it('answers undefined for an unknown national ID', async () => {
    expect(await repository.findByNationalId(randomNationalId())).toBeUndefined();
  });
});

describe('asOneJsonColumn', () => {
  it('refuses a column whose JSON form was not checked to decode like the column (timestamps)', () => {
    expect(() => asOneJsonColumn({ createdAt: students.createdAt })).toThrow(
      /createdAt: no checked JSON form/,
    );
  });
});
