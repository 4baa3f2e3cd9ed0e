import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertStudent } from '../../../test/builders.js';
import { fillSlot, insertSlot, SOCIAL_WORK, workingDay } from '../../../test/interviews.js';
import { createTestApp } from '../../../test/test-app.js';
import { appointments, interviewOutcomes } from '../../db/schema/index.js';

/** Issue 18, item 9: with INTERVIEW_RESULT_VISIBLE on, the student sees the decision once it is saved. */
const { app, database } = await createTestApp({
  INTERVIEW_RESULT_VISIBLE: '1',
  STUDENT_LOOKUP_RATE_LIMIT: '10000',
});
const db = database.db;

const lookup = async (nationalID: string) =>
  (await app.inject({ method: 'POST', url: '/api/v1/students/getStudent', payload: { nationalID } })).json();

describe('getStudent with INTERVIEW_RESULT_VISIBLE=1', () => {
  it('carries the decision and its Arabic line once saved, and the booked place', async () => {
    const student = await insertStudent(db, { college: SOCIAL_WORK, isComplete: true });
    const slot = await insertSlot(db, { day: workingDay(3), place: 'قاعة 5' });
    await fillSlot(db, slot, [student.id]);

    const before = await lookup(student.nationalId);
    expect(before.studentData).toMatchObject({ appointmentPlace: 'قاعة 5', interviewDecision: null });
    expect(JSON.stringify(before.result)).not.toContain('نتيجة الاختبار الشخصي');

    // Attendance alone is no decision.
    await db.insert(interviewOutcomes).values({ studentId: student.id, attended: true });
    expect((await lookup(student.nationalId)).studentData.interviewDecision).toBeNull();

    await db
      .update(interviewOutcomes)
      .set({ decision: 'suitable', scores: { appearance: 9 }, total: null })
      .where(eq(interviewOutcomes.studentId, student.id));
    const after = await lookup(student.nationalId);
    expect(after.studentData.interviewDecision).toBe('suitable');
    expect(after.result).toContainEqual({ name: 'نتيجة الاختبار الشخصي', value: 'لائق' });
  });

  it('gives no place to an appointment made by the staff', async () => {
    const student = await insertStudent(db, { college: SOCIAL_WORK, isComplete: true });
    await db
      .insert(appointments)
      .values({ studentId: student.id, appointedDay: workingDay(3), appointedHour: 12 });
    await db.insert(interviewOutcomes).values({ studentId: student.id, attended: false });
    const found = await lookup(student.nationalId);
    expect(found.studentData).toMatchObject({
      appointed: true,
      appointedHour: 12,
      appointmentPlace: null,
      interviewDecision: null,
    });
  });
});
