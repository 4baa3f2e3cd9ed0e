import { CONTENT_MESSAGES, type CollegeEntry, type ContentCollege, DEADLINE_MESSAGES } from '@portal/common';
import type { AuditEntry } from '../../db/audit-trail.js';
import type { DbExecutor } from '../../db/executor.js';
import { AppError } from '../../lib/app-error.js';
import type { StaffPrincipal } from '../auth/index.js';
import type {
  CollegeChanges,
  CollegeContentRepository,
  ContentCollegeRow,
  ProgramChanges,
  ProgramRow,
} from './college-content.repository.js';
import { isDuplicateCollegeName, isDuplicateProgramName } from './college-content.repository.js';

export interface CollegeContentServiceDeps {
  repository: CollegeContentRepository;
  /** Writes one audit row in the transaction of the change it records. */
  audit: (entry: AuditEntry, tx: DbExecutor) => Promise<void>;
  /** Raises the colleges' content counter in the transaction, so every instance drops its cached lists. */
  bumpVersion: (tx: DbExecutor) => Promise<void>;
  /** After the commit: this instance reads the new counter at once instead of at its next poll. */
  refresh: () => Promise<void>;
}

export interface RequestContext {
  ip: string;
}

type Staff = Pick<StaffPrincipal, 'id' | 'userName'>;

/** The fields a `PATCH /colleges/{id}` may change, as parsed (the deadline already an ISO instant or null). */
export interface CollegePatchInput {
  name?: string | undefined;
  socialWork?: boolean | undefined;
  tourism?: boolean | undefined;
  sortOrder?: number | undefined;
  hidden?: boolean | undefined;
  dataDeadline?: string | null | undefined;
}

export interface CollegeCreateInput {
  name: string;
  socialWork: boolean;
  tourism: boolean;
  sortOrder?: number | undefined;
}

export interface ProgramCreateInput {
  name: string;
  sortOrder?: number | undefined;
}

export interface ProgramPatchInput {
  name?: string | undefined;
  sortOrder?: number | undefined;
  hidden?: boolean | undefined;
}

const toEntry = (row: ContentCollegeRow): CollegeEntry => ({
  id: row.id,
  name: row.name,
  socialWork: row.socialWork,
  tourism: row.tourism,
  dataDeadline: row.dataDeadline?.toISOString() ?? null,
  hidden: row.hidden,
});

/** The audited view of a college: what the content screen edits, the deadline as an ISO instant. */
const audited = (row: ContentCollegeRow) => ({
  name: row.name,
  socialWork: row.socialWork,
  tourism: row.tourism,
  sortOrder: row.sortOrder,
  hidden: row.hidden,
  dataDeadline: row.dataDeadline?.toISOString() ?? null,
});

const auditedProgram = (row: ProgramRow) => ({
  name: row.name,
  sortOrder: row.sortOrder,
  hidden: row.hidden,
});

/** Only the keys whose value changed, before and after: the audit row says what the edit did. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: T) {
  const keys = Object.keys(after).filter((key) => before[key] !== after[key]);
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/** The database's form of a parsed patch: only the keys given, the deadline as a Date. */
export function collegeChanges(patch: CollegePatchInput): CollegeChanges {
  const changes: CollegeChanges = {};
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.socialWork !== undefined) changes.socialWork = patch.socialWork;
  if (patch.tourism !== undefined) changes.tourism = patch.tourism;
  if (patch.sortOrder !== undefined) changes.sortOrder = patch.sortOrder;
  if (patch.hidden !== undefined) changes.hidden = patch.hidden;
  if (patch.dataDeadline !== undefined)
    changes.dataDeadline = patch.dataDeadline === null ? null : new Date(patch.dataDeadline);
  return changes;
}

function programChanges(patch: ProgramPatchInput): ProgramChanges {
  const changes: ProgramChanges = {};
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.sortOrder !== undefined) changes.sortOrder = patch.sortOrder;
  if (patch.hidden !== undefined) changes.hidden = patch.hidden;
  return changes;
}

/**
 * The super admin's edits of the colleges and their programs (issue 19, item 7). Each write locks the college,
 * checks its rules, writes with its audit row and raises the colleges' content counter in one transaction; the
 * lists students and staff read (served from each instance's cache) follow within the poll interval.
 */
export function collegeContentService({
  repository,
  audit,
  bumpVersion,
  refresh,
}: CollegeContentServiceDeps) {
  /** Runs the write in a transaction and refreshes this instance's counters after it committed. */
  async function write<T>(work: (tx: DbExecutor) => Promise<T>): Promise<T> {
    const result = await repository.transaction(async (tx) => {
      const value = await work(tx);
      await bumpVersion(tx);
      return value;
    });
    await refresh();
    return result;
  }

  async function lockCollege(tx: DbExecutor, id: string): Promise<ContentCollegeRow> {
    const college = await repository.lockCollege(tx, id);
    if (!college) throw new AppError(404, DEADLINE_MESSAGES.collegeNotFound);
    return college;
  }

  /** The college for its programs' calls: 404 when none, 409 when it is not a tourism college. */
  async function lockTourismCollege(tx: DbExecutor, id: string): Promise<ContentCollegeRow> {
    const college = await lockCollege(tx, id);
    if (!college.tourism) throw new AppError(409, CONTENT_MESSAGES.programsOnlyForTourism);
    return college;
  }

  async function findProgram(tx: DbExecutor, collegeId: string, programId: string): Promise<ProgramRow> {
    const program = await repository.findProgram(tx, collegeId, programId);
    if (!program) throw new AppError(404, CONTENT_MESSAGES.programNotFound);
    return program;
  }

  async function contentCollege(tx: DbExecutor, id: string): Promise<ContentCollege> {
    const college = await repository.one(tx, id);
    if (!college) throw new Error('college vanished in its own transaction');
    return college;
  }

  /** A unique violation of a name (two saves of one new name at once) answers as the check before it would. */
  async function guardNames<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isDuplicateCollegeName(error)) throw new AppError(409, CONTENT_MESSAGES.collegeNameTaken);
      if (isDuplicateProgramName(error)) throw new AppError(409, CONTENT_MESSAGES.programNameTaken);
      throw error;
    }
  }

  const actorOf = (staff: Staff) => ({ id: staff.id, userName: staff.userName });

  return {
    /** `GET /content/colleges`: every college, hidden ones too, with its counts and all its programs. */
    list(): Promise<ContentCollege[]> {
      return repository.list();
    },

    /** `POST /colleges`: listed last unless a sort order is given. */
    create(staff: Staff, input: CollegeCreateInput, context: RequestContext) {
      return guardNames(() =>
        write(async (tx) => {
          if (await repository.collegeNameTaken(tx, input.name))
            throw new AppError(409, CONTENT_MESSAGES.collegeNameTaken);
          const sortOrder = input.sortOrder ?? (await repository.nextCollegeSortOrder(tx));
          const row = await repository.insertCollege(tx, {
            name: input.name,
            socialWork: input.socialWork,
            tourism: input.tourism,
            sortOrder,
          });
          await audit(
            {
              actor: actorOf(staff),
              action: 'college.create',
              targetType: 'college',
              targetId: row.id,
              details: { college: row.name, after: audited(row) },
              ip: context.ip,
            },
            tx,
          );
          return { message: CONTENT_MESSAGES.collegeAdded, data: await contentCollege(tx, row.id) };
        }),
      );
    },

    /**
     * `PATCH /colleges/{id}` with more than the deadline: renames (students and accounts refer to the college by
     * id, so the new name shows everywhere), flags, orders and hides. A tourism college with programs keeps its
     * flag until they are gone, or its students' choices would lose their list.
     */
    update(staff: Staff, id: string, patch: CollegePatchInput, context: RequestContext) {
      return guardNames(() =>
        write(async (tx) => {
          const before = await lockCollege(tx, id);
          if (
            patch.name !== undefined &&
            patch.name !== before.name &&
            (await repository.collegeNameTaken(tx, patch.name, id))
          )
            throw new AppError(409, CONTENT_MESSAGES.collegeNameTaken);
          if (patch.tourism === false && before.tourism && (await repository.programCount(tx, id)) > 0)
            throw new AppError(409, CONTENT_MESSAGES.tourismHasPrograms);
          const after = await repository.updateCollege(tx, id, collegeChanges(patch));
          await audit(
            {
              actor: actorOf(staff),
              action: 'college.update',
              targetType: 'college',
              targetId: id,
              details: { college: after.name, ...changedFields(audited(before), audited(after)) },
              ip: context.ip,
            },
            tx,
          );
          return { message: CONTENT_MESSAGES.collegeSaved, data: toEntry(after) };
        }),
      );
    },

    /** `DELETE /colleges/{id}`: only a college nobody refers to; one that is referred to can be hidden. */
    remove(staff: Staff, id: string, context: RequestContext) {
      return write(async (tx) => {
        const college = await lockCollege(tx, id);
        const references = await repository.collegeReferences(tx, id);
        if (references.students > 0 || references.staff > 0)
          throw new AppError(409, CONTENT_MESSAGES.collegeInUse);
        const programs = (await contentCollege(tx, id)).programs.map((program) => program.name);
        // Written before the row goes, so that the audit row still finds the college's name for its faculty.
        await audit(
          {
            actor: actorOf(staff),
            action: 'college.delete',
            targetType: 'college',
            targetId: id,
            details: { college: college.name, before: { ...audited(college), programs } },
            ip: context.ip,
          },
          tx,
        );
        await repository.deleteCollege(tx, id);
        return { message: CONTENT_MESSAGES.collegeDeleted };
      });
    },

    /** `POST /colleges/{id}/programs`: a tourism college's new program, listed last unless ordered. */
    addProgram(staff: Staff, collegeId: string, input: ProgramCreateInput, context: RequestContext) {
      return guardNames(() =>
        write(async (tx) => {
          const college = await lockTourismCollege(tx, collegeId);
          if (await repository.programNameTaken(tx, collegeId, input.name))
            throw new AppError(409, CONTENT_MESSAGES.programNameTaken);
          const sortOrder = input.sortOrder ?? (await repository.nextProgramSortOrder(tx, collegeId));
          const program = await repository.insertProgram(tx, { collegeId, name: input.name, sortOrder });
          await audit(
            {
              actor: actorOf(staff),
              action: 'college.program.create',
              targetType: 'college',
              targetId: collegeId,
              details: { college: college.name, programId: program.id, after: auditedProgram(program) },
              ip: context.ip,
            },
            tx,
          );
          return { message: CONTENT_MESSAGES.programAdded, data: await contentCollege(tx, collegeId) };
        }),
      );
    },

    /**
     * `PATCH /colleges/{id}/programs/{programId}`: a rename also renames the program in the stored choices of
     * the college's students, in the same transaction, so no student is left with a name that is no longer
     * offered.
     */
    updateProgram(
      staff: Staff,
      collegeId: string,
      programId: string,
      patch: ProgramPatchInput,
      context: RequestContext,
    ) {
      return guardNames(() =>
        write(async (tx) => {
          const college = await lockTourismCollege(tx, collegeId);
          const before = await findProgram(tx, collegeId, programId);
          const renamed = patch.name !== undefined && patch.name !== before.name;
          if (renamed && (await repository.programNameTaken(tx, collegeId, patch.name as string, programId)))
            throw new AppError(409, CONTENT_MESSAGES.programNameTaken);
          const after = await repository.updateProgram(tx, programId, programChanges(patch));
          const studentsRenamed = renamed
            ? await repository.renameProgramChoices(tx, collegeId, before.name, after.name)
            : 0;
          await audit(
            {
              actor: actorOf(staff),
              action: 'college.program.update',
              targetType: 'college',
              targetId: collegeId,
              details: {
                college: college.name,
                programId,
                ...changedFields(auditedProgram(before), auditedProgram(after)),
                ...(renamed ? { studentsRenamed } : {}),
              },
              ip: context.ip,
            },
            tx,
          );
          return { message: CONTENT_MESSAGES.programSaved, data: await contentCollege(tx, collegeId) };
        }),
      );
    },

    /** `DELETE /colleges/{id}/programs/{programId}`: only a program no student of the college chose. */
    removeProgram(staff: Staff, collegeId: string, programId: string, context: RequestContext) {
      return write(async (tx) => {
        const college = await lockTourismCollege(tx, collegeId);
        const program = await findProgram(tx, collegeId, programId);
        if ((await repository.programChoiceCount(tx, collegeId, program.name)) > 0)
          throw new AppError(409, CONTENT_MESSAGES.programInUse);
        await repository.deleteProgram(tx, programId);
        await audit(
          {
            actor: actorOf(staff),
            action: 'college.program.delete',
            targetType: 'college',
            targetId: collegeId,
            details: { college: college.name, programId, before: auditedProgram(program) },
            ip: context.ip,
          },
          tx,
        );
        return { message: CONTENT_MESSAGES.programDeleted, data: await contentCollege(tx, collegeId) };
      });
    },
  };
}
export type CollegeContentService = ReturnType<typeof collegeContentService>;
