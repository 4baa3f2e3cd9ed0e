import { CONTENT_MESSAGES, QUIZ_QUESTION_COUNT, type QuizQuestionEntry } from '@portal/common';
import type { AuditEntry } from '../../db/audit-trail.js';
import type { DbExecutor } from '../../db/executor.js';
import { AppError } from '../../lib/app-error.js';
import type { StaffPrincipal } from '../auth/index.js';
import { bumpContentVersion } from '../content/index.js';
import type { QuizBankRepository, QuizQuestionRow } from './quiz-bank.repository.js';
import {
  isCharterSection,
  leavesEnoughActive,
  planQuizEdit,
  type QuizQuestionChange,
  type QuizQuestionContent,
  quizEditAction,
  quizEditMessage,
} from './quiz-bank.rules.js';

export interface QuizBankServiceDeps {
  repository: QuizBankRepository;
  /** Writes one audit row in the transaction of the change it records. */
  audit: (entry: AuditEntry, tx: DbExecutor) => Promise<void>;
  /** Called after a change is committed, so this instance's content cache sees it at once. */
  contentChanged: () => Promise<void>;
}

export interface RequestContext {
  ip: string;
}

type Staff = Pick<StaffPrincipal, 'id' | 'userName'>;

export interface QuizBankAnswer {
  message: string;
  data: QuizQuestionEntry;
}

const toEntry = (row: QuizQuestionRow): QuizQuestionEntry => ({
  index: row.index,
  question: row.question,
  answer: row.answer,
  section: row.section,
  active: row.active,
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
});

/** What an audit row records of a question: enough to read the change without the versions table. */
const audited = (row: QuizQuestionRow) => ({
  question: row.question,
  answer: row.answer,
  section: row.section,
  active: row.active,
  version: row.version,
});

/**
 * The quiz bank the super admin edits (issue 19). Questions are never deleted and their versions never change:
 * an edit is a new version, a retirement takes the question out of new draws only, and a student's stored draw is
 * graded on the versions it was drawn with. Every write takes the bank's lock, raises the quiz content counter
 * and writes its audit row, in one transaction.
 */
export function quizBankService({ repository, audit, contentChanged }: QuizBankServiceDeps) {
  async function checkSection(tx: DbExecutor, section: string | null): Promise<void> {
    if (section === null) return;
    if (!isCharterSection(section, await repository.charterSectionTitles(tx)))
      throw new AppError(400, CONTENT_MESSAGES.quizSectionInvalid);
  }

  async function checkNotDuplicate(tx: DbExecutor, question: string, exceptIndex: number | null) {
    if (await repository.activeDuplicate(tx, question, exceptIndex))
      throw new AppError(409, CONTENT_MESSAGES.quizQuestionDuplicate);
  }

  /**
   * Applies a patch: a new version when the wording, answer or section changes, a retirement or a restoration
   * when `active` changes. A patch that changes nothing writes nothing and answers the question as it is.
   */
  async function update(
    staff: Staff,
    index: number,
    change: QuizQuestionChange,
    context: RequestContext,
  ): Promise<QuizBankAnswer> {
    const outcome = await repository.transaction(async (tx) => {
      await repository.lockBank(tx);
      const current = await repository.find(tx, index);
      if (!current) throw new AppError(404, CONTENT_MESSAGES.quizQuestionNotFound);
      const plan = planQuizEdit(current, change);
      if (plan.unchanged) return { plan, row: current, written: false };

      if (plan.sectionChanged) await checkSection(tx, plan.next.section);
      // Under the bank's lock: two retirements at once see each other's result.
      if (plan.retires && !leavesEnoughActive(await repository.activeCount(tx)))
        throw new AppError(409, CONTENT_MESSAGES.quizTooFewActive);
      if (plan.next.active && (plan.textChanged || plan.restores))
        await checkNotDuplicate(tx, plan.next.question, index);

      const row = await repository.save(tx, index, plan.next, plan.newVersion, staff.userName);
      await bumpContentVersion(tx, 'quiz');
      await audit(
        {
          actor: { id: staff.id, userName: staff.userName },
          action: quizEditAction(plan),
          targetType: 'quiz_question',
          targetId: String(index),
          details: { before: audited(current), after: audited(row) },
          ip: context.ip,
        },
        tx,
      );
      return { plan, row, written: true };
    });
    if (outcome.written) await contentChanged();
    return { message: quizEditMessage(outcome.plan), data: toEntry(outcome.row) };
  }

  return {
    async list(): Promise<{ data: QuizQuestionEntry[]; minimumActive: number }> {
      return { data: (await repository.list()).map(toEntry), minimumActive: QUIZ_QUESTION_COUNT };
    },

    /** A new active question at the next free index, as its version 1. */
    async create(staff: Staff, input: QuizQuestionContent, context: RequestContext): Promise<QuizBankAnswer> {
      const saved = await repository.transaction(async (tx) => {
        await repository.lockBank(tx);
        await checkSection(tx, input.section);
        await checkNotDuplicate(tx, input.question, null);
        const index = await repository.nextIndex(tx);
        const row = await repository.insert(tx, { ...input, index }, staff.userName);
        await bumpContentVersion(tx, 'quiz');
        await audit(
          {
            actor: { id: staff.id, userName: staff.userName },
            action: 'content.quiz.create',
            targetType: 'quiz_question',
            targetId: String(index),
            details: { before: null, after: audited(row) },
            ip: context.ip,
          },
          tx,
        );
        return row;
      });
      await contentChanged();
      return { message: CONTENT_MESSAGES.quizQuestionAdded, data: toEntry(saved) };
    },

    update,

    /** `DELETE`: a retirement; the question and its versions stay, since attempts refer to them. */
    retire(staff: Staff, index: number, context: RequestContext): Promise<QuizBankAnswer> {
      return update(staff, index, { active: false }, context);
    },
  };
}
export type QuizBankService = ReturnType<typeof quizBankService>;
