import {
  type DocumentsStatus,
  type FacultyCounts,
  MESSAGES,
  type ProgressFilter,
  STUDENT_DATA_STATUS,
  type StudentRecord,
} from '@portal/common';
import type { AuditEntry } from '../../db/audit-trail.js';
import type { DbExecutor } from '../../db/executor.js';
import { AppError } from '../../lib/app-error.js';
import type { RemoveFiles } from '../../storage/remove-files.js';
import { facultyScope, type StaffPrincipal } from '../auth/index.js';
import type { StudentRecordRow, StudentRecordsRepository } from './student-records.repository.js';

export interface StudentRecordsServiceDeps {
  repository: StudentRecordsRepository;
  /** Writes an audit row, in `tx` when given. */
  audit: (entry: AuditEntry, tx?: DbExecutor) => Promise<void>;
  /** Called after the deleting transaction committed, with the storage keys of the removed images. */
  removeFiles: RemoveFiles;
}

export interface RequestContext {
  ip: string;
}

type Staff = Pick<StaffPrincipal, 'id' | 'userName' | 'role' | 'faculty'>;

/** A row as the wire shows it (spec section 3, 'Student record'). */
export function toStudentRecord(row: StudentRecordRow): StudentRecord {
  const appointed = row.appointedDay !== null && row.appointedHour !== null;
  return {
    _id: row.id,
    studentName: row.name,
    nationalID: row.nationalId,
    phoneNumber: row.phoneNumber,
    college: row.college,
    info: row.isComplete ? STUDENT_DATA_STATUS.complete : STUDENT_DATA_STATUS.incomplete,
    isComplete: row.isComplete,
    isPassed: row.isPassed,
    isCompletedAdditionalQuestions: row.isCompletedAdditionalQuestions,
    appointed,
    appointedDay: appointed ? row.appointedDay : null,
    appointedHour: appointed ? row.appointedHour : null,
    documentsStatus: row.documentsStatus,
  };
}

const actorOf = (staff: Staff) => ({ id: staff.id, userName: staff.userName });

export function studentRecordsService({ repository, audit, removeFiles }: StudentRecordsServiceDeps) {
  /** The college a request works on; 400 when none is named (super admin, support) or it does not exist. */
  async function requiredCollege(staff: Staff, requested: string | null) {
    const faculty = facultyScope(staff, requested);
    if (!faculty) throw new AppError(400, MESSAGES.facultyRequired);
    const college = await repository.collegeByName(faculty);
    if (!college) throw new AppError(400, MESSAGES.collegeNotFound);
    return college;
  }

  return {
    /**
     * `POST /students/getAllStudents`: one page of the faculty's students and the faculty's counts. A page shows
     * personal data (names, national IDs, phones), so each page read is audited (issue 33) like a search: who,
     * the faculty, the filters and the page, and how many students it showed.
     */
    async list(
      staff: Staff,
      input: {
        faculty: string | null;
        isComplete?: boolean | null | undefined;
        documentsStatus?: DocumentsStatus | null | undefined;
        progress?: ProgressFilter | null | undefined;
      },
      page: { page: number; limit: number },
      context: RequestContext,
      seasonId: string | null = null,
    ) {
      const college = await requiredCollege(staff, input.faculty);
      const filters = {
        seasonId,
        isComplete: input.isComplete ?? null,
        documentsStatus: input.documentsStatus ?? null,
      };
      const { documentsStatus } = filters;
      const progress = input.progress ?? null;
      const [rows, counts, filtered] = await Promise.all([
        progress
          ? repository.progressPage(college.id, filters, progress, page.page, page.limit)
          : repository.page(college.id, filters, page.page, page.limit),
        repository.counts(college.id, seasonId),
        progress
          ? repository.progressCount(college.id, filters, progress)
          : documentsStatus === null
            ? undefined
            : repository.documentsCount(college.id, seasonId, documentsStatus, filters.isComplete),
      ]);
      await audit({
        actor: actorOf(staff),
        action: 'students.list',
        targetType: 'college',
        targetId: college.id,
        details: {
          faculty: college.name,
          ...(filters.isComplete === null ? {} : { isComplete: filters.isComplete }),
          ...(documentsStatus === null ? {} : { documentsStatus }),
          ...(progress === null ? {} : { progress }),
          ...(seasonId ? { season: seasonId } : {}),
          page: page.page,
          limit: page.limit,
          rows: rows.length,
        },
        ip: context.ip,
      });
      return {
        faculty: college.name,
        data: rows.map(toStudentRecord),
        studentsNumber: counts.studentsNumber,
        completedStudentsNumber: counts.studentsNumberCompleted,
        ...(filtered === undefined ? {} : { filteredStudentsNumber: filtered }),
      };
    },

    /**
     * `POST /students/getStudentInfo`: 404 when nothing matches (the client shows an empty list). A search that
     * finds students reads their personal data, so it is audited (issue 20) with what was sought and how many
     * matched; one that finds exactly one student names it, so the audit screen finds it by national ID. A search
     * that finds nobody read nothing, and changes nothing.
     */
    async search(
      staff: Staff,
      input: {
        nationalID: string | null;
        studentName: string | null;
        isComplete?: boolean | null | undefined;
        documentsStatus?: DocumentsStatus | null | undefined;
        faculty: string | null;
      },
      context: RequestContext,
      seasonId: string | null = null,
    ) {
      const faculty = facultyScope(staff, input.faculty);
      let collegeId: string | null = null;
      if (faculty) {
        const college = await repository.collegeByName(faculty);
        if (!college) throw new AppError(400, MESSAGES.collegeNotFound);
        collegeId = college.id;
      }
      const { rows, total } = await repository.search({
        collegeId,
        seasonId,
        nationalId: input.nationalID,
        name: input.studentName,
        isComplete: input.isComplete ?? null,
        documentsStatus: input.documentsStatus ?? null,
      });
      if (rows.length === 0) throw new AppError(404, MESSAGES.noStudentData);
      const [only] = rows.length === 1 ? rows : [];
      await audit({
        actor: actorOf(staff),
        action: 'students.search',
        targetType: only ? 'student' : null,
        targetId: only?.id ?? null,
        details: {
          ...(input.nationalID ? { nationalID: input.nationalID } : {}),
          ...(input.studentName ? { studentName: input.studentName } : {}),
          ...(faculty ? { faculty } : {}),
          results: total,
        },
        ip: context.ip,
      });
      return { data: rows.map(toStudentRecord), studentsNumber: total };
    },

    /** `DELETE /students/deleteStudent/{id}`: the student, its images (rows and files) and answers. */
    async deleteStudent(staff: Staff, id: string, context: RequestContext): Promise<void> {
      const keys = await repository.transaction(async (tx) => {
        const student = await repository.lockStudent(tx, id);
        // A faculty ADMIN (should its row ever allow it) only reaches its own faculty's students.
        if (!student || (staff.role === 'ADMIN' && student.faculty !== staff.faculty))
          throw new AppError(404, MESSAGES.studentRecordNotFound);
        const imageKeys = await repository.imageKeysOfStudent(tx, id);
        // Audited first: the row copies the student's national ID and name while the student still exists.
        await audit(
          {
            actor: actorOf(staff),
            action: 'student.delete',
            targetType: 'student',
            targetId: id,
            details: {
              nationalID: student.nationalId,
              studentName: student.name,
              faculty: student.faculty,
              images: imageKeys.length,
            },
            ip: context.ip,
          },
          tx,
        );
        await repository.deleteStudent(tx, id);
        return imageKeys;
      });
      await removeFiles(keys);
    },

    /** `POST /students/delete`: every student of the faculty, in one transaction; answers how many. */
    async deleteFaculty(staff: Staff, faculty: string | null, context: RequestContext): Promise<number> {
      const wanted = facultyScope(staff, faculty);
      if (!wanted) throw new AppError(400, MESSAGES.facultyRequired);
      const { count, keys } = await repository.transaction(async (tx) => {
        // Locked: a student list being imported into this faculty waits, so it is removed whole or not at all.
        const college = await repository.lockCollegeByName(tx, wanted);
        if (!college) throw new AppError(400, MESSAGES.collegeNotFound);
        const imageKeys = await repository.imageKeysOfCollege(tx, college.id);
        const deleted = await repository.deleteCollegeStudents(tx, college.id);
        await audit(
          {
            actor: actorOf(staff),
            action: 'students.delete_faculty',
            targetType: 'college',
            targetId: college.id,
            details: { faculty: college.name, deletedData: deleted, images: imageKeys.length },
            ip: context.ip,
          },
          tx,
        );
        return { count: deleted, keys: imageKeys };
      });
      await removeFiles(keys);
      return count;
    },

    /** `POST /students/countFaculty`: what deleting the faculty's data would remove. */
    async countFaculty(staff: Staff, faculty: string | null): Promise<FacultyCounts> {
      const college = await requiredCollege(staff, faculty);
      return { faculty: college.name, ...(await repository.counts(college.id, null)) };
    },

    /** `GET /students/getStatistics`: every college (zero counts included) and the overall totals. */
    async statistics(seasonId: string | null = null) {
      const results = await repository.countsByCollege(seasonId);
      let allStudentsNumber = 0;
      let allStudentsNumberCompleted = 0;
      for (const row of results) {
        allStudentsNumber += row.studentsNumber;
        allStudentsNumberCompleted += row.studentsNumberCompleted;
      }
      return { allStudentsNumber, allStudentsNumberCompleted, results };
    },

    /** `GET /users/getAllStudentsNumber`: counts of the caller's visible scope (an ADMIN: its own faculty). */
    async visibleCounts(staff: Staff, seasonId: string | null = null) {
      const faculty = facultyScope(staff, null);
      let collegeId: string | null = null;
      if (faculty) {
        const college = await repository.collegeByName(faculty);
        if (!college) return { allStudentsNumber: 0, allStudentsNumberCompleted: 0 };
        collegeId = college.id;
      }
      const counts = await repository.counts(collegeId, seasonId);
      return {
        allStudentsNumber: counts.studentsNumber,
        allStudentsNumberCompleted: counts.studentsNumberCompleted,
      };
    },
  };
}
