import type { AdditionalQuestion } from '@portal/common';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/pool.js';
import { additionalQuestions, students } from '../../db/schema/index.js';
import { inCurrentSeason } from '../../db/seasons.js';

export interface StoredAnswer {
  questionId: string;
  /** The answer as JSON text: a string, or a list of strings for multi_select_input. */
  answerJson: string;
  input: string | null;
  /** The question as validated against (`AnsweredQuestion`) as JSON text: what the staff record shows later. */
  questionJson: string;
}

export function additionalQuestionsRepository(db: Database) {
  const listActive = db
    .select({
      id: additionalQuestions.id,
      type: additionalQuestions.type,
      question: additionalQuestions.question,
      description: additionalQuestions.description,
      options: additionalQuestions.options,
    })
    .from(additionalQuestions)
    .where(eq(additionalQuestions.active, true))
    .orderBy(asc(additionalQuestions.sortOrder), asc(additionalQuestions.id))
    .prepare('additional_questions_list_active');

  const findStudent = db
    .select({
      id: students.id,
      isPassed: students.isPassed,
      isCompletedAdditionalQuestions: students.isCompletedAdditionalQuestions,
    })
    .from(students)
    // The current season's student of that national ID, like the login (issue 21).
    .where(and(eq(students.nationalId, sql.placeholder('nationalId')), inCurrentSeason))
    .prepare('additional_questions_find_student');

  return {
    async activeQuestions(): Promise<AdditionalQuestion[]> {
      return (await listActive.execute()).map(({ description, ...question }) =>
        description === null ? question : { ...question, description },
      );
    },

    async findStudentByNationalId(nationalId: string) {
      return (await findStudent.execute({ nationalId }))[0];
    },

    /**
     * Stores all the answers and marks the questionnaire done, in one transaction. The flag is claimed first
     * (row-locked, only for a passed student who has not answered yet), so of two simultaneous submits one
     * stores and the other gets false with nothing written.
     */
    async saveAnswers(studentId: string, answers: readonly StoredAnswer[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const claimed = await tx
          .update(students)
          .set({ isCompletedAdditionalQuestions: true, updatedAt: sql`now()` })
          .where(
            and(
              eq(students.id, studentId),
              eq(students.isPassed, true),
              eq(students.isCompletedAdditionalQuestions, false),
            ),
          )
          .returning({ id: students.id });
        if (claimed.length === 0) return false;
        await tx.execute(sql`
          INSERT INTO additional_answers (student_id, question_id, answer, input, question)
          SELECT ${studentId}::uuid, a.question_id, a.answer::jsonb, a.input, a.question::jsonb
          FROM unnest(
            ${sql.param(answers.map((a) => a.questionId))}::text[],
            ${sql.param(answers.map((a) => a.answerJson))}::text[],
            ${sql.param(answers.map((a) => a.input))}::text[],
            ${sql.param(answers.map((a) => a.questionJson))}::text[]) AS a(question_id, answer, input, question)`);
        return true;
      });
    },
  };
}
export type AdditionalQuestionsRepository = ReturnType<typeof additionalQuestionsRepository>;
