import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertStudent, randomNationalId } from '../../../test/builders.js';
import { insertDocuments } from '../../../test/documents.js';
import { createTestApp } from '../../../test/test-app.js';
import {
  appointments,
  colleges,
  interviewOutcomes,
  interviewSlots,
  studentImages,
  students,
} from '../../db/schema/index.js';
import {
  asOneJsonColumn,
  lookupColumns,
  lookupQuery,
  studentLookupRepository,
} from './student-lookup.repository.js';

const { database } = await createTestApp();
const repository = studentLookupRepository(database.db);

/** The same columns read the plain way, one by one through Drizzle's own decoders, and the documents apart. */
async function readPlainly(nationalId: string) {
  const [row] = await database.db
    .select(lookupColumns)
    .from(students)
    .innerJoin(colleges, eq(colleges.id, students.collegeId))
    .leftJoin(appointments, eq(appointments.studentId, students.id))
    .leftJoin(interviewSlots, eq(interviewSlots.id, appointments.slotId))
    .leftJoin(interviewOutcomes, eq(interviewOutcomes.studentId, students.id))
    .where(eq(students.nationalId, nationalId));
  if (!row) return row;
  const documents = await database.db
    .select({
      kind: studentImages.kind,
      state: studentImages.reviewStatus,
      reason: studentImages.reviewReason,
      note: studentImages.reviewNote,
    })
    .from(studentImages)
    .where(eq(studentImages.studentId, row.id));
  return { ...row, documents: documents.map((d) => [d.kind, d.state, d.reason, d.note]) };
}

/** The lookup's documents in a fixed order (the query does not order them; the service does). */
const byKind = <T extends { documents: unknown[][] }>(record: T | undefined) =>
  record && {
    ...record,
    documents: [...record.documents].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
  };

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
  formsDownloadedAt: new Date('2026-08-01T10:00:00Z'),
} as const;

describe('studentLookupRepository.findByNationalId', () => {
  it('reads every column exactly as a plain select does, numerics as text and the day as YYYY-MM-DD', async () => {
    const student = await insertStudent(database.db, everyField);
    // Issue 17: the college's deadline, with milliseconds, as the settings store it.
    await database.db
      .update(colleges)
      .set({ dataDeadline: new Date('2026-12-01T21:59:00.125Z') })
      .where(eq(colleges.name, everyField.college));
    const [slot] = await database.db
      .insert(interviewSlots)
      .values({ day: '2026-08-15', period: 12, capacity: 20, place: 'قاعة "الندوات" \\ 2' })
      .returning();
    await database.db
      .insert(appointments)
      .values({ studentId: student.id, appointedDay: '2026-08-15', appointedHour: 12, slotId: slot?.id });
    await database.db
      .insert(interviewOutcomes)
      .values({ studentId: student.id, attended: true, decision: 'notSuitable' });
    await insertDocuments(database.db, student.id, {
      reviews: {
        frontIdCard: { state: 'accepted' },
        personalPhoto: { state: 'rejected', reason: 'other', note: 'ملاحظة "بعلامات" \\ و\nسطر جديد' },
      },
    });
    const found = await repository.findByNationalId(student.nationalId);
    expect(byKind(found)).toEqual(byKind(await readPlainly(student.nationalId)));
    expect(Object.values(found ?? {})).not.toContain(null);
    expect(found).toMatchObject({
      totalGrade: '385.50',
      appointedDay: '2026-08-15',
      appointedHour: 12,
      appointmentPlace: 'قاعة "الندوات" \\ 2',
      interviewDecision: 'notSuitable',
      documentsStatus: 'needsReupload',
      formsDownloaded: true,
      dataDeadline: '2026-12-01T21:59:00.125Z',
    });
    expect(found?.documents).toHaveLength(6);
    expect(found?.documents).toContainEqual([
      'personalPhoto',
      'rejected',
      'other',
      'ملاحظة "بعلامات" \\ و\nسطر جديد',
    ]);
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
      documentsStatus: 'none',
      documents: [],
      formsDownloaded: false,
      dataDeadline: null,
    });
  });

  it('answers undefined for an unknown national ID', async () => {
    expect(await repository.findByNationalId(randomNationalId())).toBeUndefined();
  });
});

describe('the login statement', () => {
  it('reads the student by national_id and its documents by (student_id, kind), both through indexes', async () => {
    const student = await insertStudent(database.db);
    await insertDocuments(database.db, student.id);
    const client = await database.pool.connect();
    try {
      await client.query('BEGIN');
      // A season of a few hundred students, analysed: with two rows, an index that leads with the season alone
      // (the admission funnel's, issue 36) costs the planner the same as the national ID's, and wins the tie.
      await client.query(
        `INSERT INTO students (national_id, name, college_id)
         SELECT '4' || lpad(n::text, 13, '0'), 'طالب', college_id FROM generate_series(1, 300) AS n,
           (SELECT college_id FROM students WHERE id = $1) AS c`,
        [student.id],
      );
      await client.query('ANALYZE students');
      // A test database is small enough to be read sequentially; the plan must be able to use the indexes.
      await client.query('SET LOCAL enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN ${lookupQuery(database.db).toSQL().sql}`,
        [student.nationalId],
      );
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toContain('students_national_id_season_key');
      expect(plan).toContain('student_images_student_kind_key');
      // Issue 18: the booked slot's place and the decision, each one row through its primary key.
      expect(plan).toMatch(/Index Scan using interview_slots_(pkey|id_day_period_key)/);
      expect(plan).toContain('interview_outcomes_pkey');
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});

describe('asOneJsonColumn', () => {
  it('refuses a column whose JSON form was not checked to decode like the column (timestamps)', () => {
    expect(() => asOneJsonColumn({ createdAt: students.createdAt })).toThrow(
      /createdAt: no checked JSON form/,
    );
  });
});
