import { randomBytes } from 'node:crypto';
import {
  CONTENT_MESSAGES,
  type QuestionEntry,
  type questionCreateSchema,
  type questionPatchSchema,
  validateQuestionDefinition,
} from '@portal/common';
import type { z } from 'zod';
import type { AuditEntry } from '../../db/audit-trail.js';
import type { DbExecutor } from '../../db/executor.js';
import { AppError } from '../../lib/app-error.js';
import type { StaffPrincipal } from '../auth/index.js';
import { bumpContentVersion } from '../content/index.js';
import type {
  QuestionFields,
  QuestionnaireContentRepository,
  QuestionRow,
} from './questionnaire-content.repository.js';

type Staff = Pick<StaffPrincipal, 'id' | 'userName'>;
type CreateBody = z.output<typeof questionCreateSchema>;
type PatchBody = z.output<typeof questionPatchSchema>;

export interface RequestContext {
  ip: string;
}

export interface QuestionnaireContentDeps {
  repository: QuestionnaireContentRepository;
  /** Writes one audit row in the transaction of the change it records. */
  audit: (entry: AuditEntry, tx: DbExecutor) => Promise<void>;
  /** After a commit: this instance's cache reads the new version at once (the others within a poll). */
  refreshContent: () => Promise<void>;
}

export const toQuestionEntry = (row: QuestionRow): QuestionEntry => ({
  id: row.id,
  type: row.type,
  question: row.question,
  description: row.description,
  options: row.options,
  active: row.active,
  sortOrder: row.sortOrder,
  answeredCount: row.answeredCount,
  updatedAt: row.updatedAt.toISOString(),
});

/** What the audit row keeps of a question: its definition, not its counters. */
const audited = ({ type, question, description, options, active, sortOrder }: QuestionRow) => ({
  type,
  question,
  description,
  options,
  active,
  sortOrder,
});

/** Ids are made here, never typed: stored answers refer to them, so they must never change or collide. */
export const newQuestionId = () => `q_${randomBytes(5).toString('hex')}`;

/** The stored question with the patch's fields over it: what the question will be if the patch is saved. */
export function mergeQuestion(stored: QuestionFields, patch: PatchBody): QuestionFields {
  return {
    type: patch.type ?? stored.type,
    question: patch.question ?? stored.question,
    description: patch.description === undefined ? stored.description : patch.description,
    options: patch.options ?? stored.options,
    active: patch.active ?? stored.active,
  };
}

/** 400 with the shared rule's message unless students could answer the question by the answers' rules. */
function checkDefinition(fields: QuestionFields): void {
  const result = validateQuestionDefinition(fields);
  if (!result.ok) throw new AppError(400, result.message);
}

/**
 * `ids` must be a permutation of `current`: every question exactly once, none unknown. Deactivated questions
 * are named too, so a later reactivation puts them back where they were placed.
 */
export function isCompleteOrder(current: readonly string[], ids: readonly string[]): boolean {
  if (ids.length !== current.length || new Set(ids).size !== ids.length) return false;
  const known = new Set(current);
  return ids.every((id) => known.has(id));
}

/**
 * The super admin edits the questionnaire (issue 19). Every write is one transaction with its audit row and the
 * questionnaire's version bump; the bump comes first, so its row lock on `content_versions` also queues two
 * simultaneous edits (the new question's place, the order's check) one after the other.
 */
export function questionnaireContentService({ repository, audit, refreshContent }: QuestionnaireContentDeps) {
  async function write<T>(work: (tx: DbExecutor) => Promise<T>): Promise<T> {
    const result = await repository.transaction(async (tx) => {
      await bumpContentVersion(tx, 'questionnaire');
      return work(tx);
    });
    await refreshContent();
    return result;
  }

  return {
    async list(): Promise<QuestionEntry[]> {
      return (await repository.list()).map(toQuestionEntry);
    },

    /** Adds a question after the others; its definition was checked by the request's schema and again here. */
    async create(staff: Staff, body: CreateBody, context: RequestContext): Promise<QuestionEntry> {
      const fields: QuestionFields = {
        type: body.type,
        question: body.question,
        description: body.description ?? null,
        options: body.options,
        active: body.active,
      };
      checkDefinition(fields);
      const row = await write(async (tx) => {
        const inserted = await repository.insert(tx, newQuestionId(), fields);
        await audit(
          {
            actor: { id: staff.id, userName: staff.userName },
            action: 'content.questionnaire.create',
            targetType: 'additional_question',
            targetId: inserted.id,
            details: { after: audited(inserted) },
            ip: context.ip,
          },
          tx,
        );
        return inserted;
      });
      return toQuestionEntry(row);
    },

    /**
     * Edits a question: the stored one merged with the patch must still be a question students can answer
     * (400 with the rule's message). Answers already stored keep the wording they were given to.
     */
    async update(
      staff: Staff,
      id: string,
      patch: PatchBody,
      context: RequestContext,
    ): Promise<QuestionEntry> {
      const row = await write(async (tx) => {
        const before = await repository.lock(tx, id);
        if (!before) throw new AppError(404, CONTENT_MESSAGES.questionNotFound);
        const fields = mergeQuestion(before, patch);
        checkDefinition(fields);
        const after = await repository.update(tx, id, fields);
        await audit(
          {
            actor: { id: staff.id, userName: staff.userName },
            action: 'content.questionnaire.update',
            targetType: 'additional_question',
            targetId: id,
            details: { before: audited(before), after: audited(after) },
            ip: context.ip,
          },
          tx,
        );
        return after;
      });
      return toQuestionEntry(row);
    },

    /** Puts every question, active or not, in the order given (400 unless it names each exactly once). */
    async order(staff: Staff, ids: readonly string[], context: RequestContext): Promise<QuestionEntry[]> {
      await write(async (tx) => {
        const before = await repository.lockOrder(tx);
        if (!isCompleteOrder(before, ids)) throw new AppError(400, CONTENT_MESSAGES.orderInvalid);
        await repository.setOrder(tx, ids);
        await audit(
          {
            actor: { id: staff.id, userName: staff.userName },
            action: 'content.questionnaire.order',
            targetType: 'additional_question',
            targetId: null,
            details: { before, after: ids },
            ip: context.ip,
          },
          tx,
        );
      });
      return (await repository.list()).map(toQuestionEntry);
    },
  };
}
export type QuestionnaireContentService = ReturnType<typeof questionnaireContentService>;
