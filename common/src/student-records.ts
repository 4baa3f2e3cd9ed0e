import { normalizeDigits } from './digits.js';
import { REVIEW_MESSAGES } from './document-review-messages.js';
import { DOCUMENTS_STATUSES } from './documents-status.js';
import { successEnvelope } from './envelope.js';
import { progressFilterSchema } from './funnel-filter.js';
import { NATIONAL_ID_MAX_LENGTH, STUDENT_PAGE_SIZE } from './limits.js';
import { MESSAGES } from './messages.js';
import { facultyField } from './staff.js';
import { z } from './zod.js';

/**
 * Requests and answers of the staff student-record calls (spec section 7, 'Admin student calls', and
 * `GET /users/getAllStudentsNumber`), shared by the server (validation, OpenAPI) and the web client.
 */

/** The data-status column of the staff student list (spec section 2: 'complete' / 'not complete'). */
export const STUDENT_DATA_STATUS = { complete: 'مكتملة', incomplete: 'غير مكتملة' } as const;
export type StudentDataStatus = (typeof STUDENT_DATA_STATUS)[keyof typeof STUDENT_DATA_STATUS];

/** Search types of the staff student search (spec section 9). */
export const STUDENT_SEARCH_TYPES = { name: 1, nationalId: 2 } as const;

/** Longest student-name search accepted, after trimming. */
export const STUDENT_NAME_SEARCH_MAX_LENGTH = 100;
/** Longest raw value read before trimming or normalising. */
const RAW_INPUT_MAX = 256;
/** Highest page number accepted (keeps the row offset well inside PostgreSQL's integer range). */
export const MAX_STUDENT_PAGE = 1_000_000;

/** One student as the staff list and search show it (spec section 3, 'Student record'). */
export const studentRecordSchema = z.object({
  _id: z.uuid(),
  studentName: z.string(),
  nationalID: z.string(),
  phoneNumber: z.string().nullable(),
  college: z.string(),
  info: z.enum([STUDENT_DATA_STATUS.complete, STUDENT_DATA_STATUS.incomplete]),
  isComplete: z.boolean(),
  isPassed: z.boolean(),
  isCompletedAdditionalQuestions: z.boolean(),
  appointed: z.boolean(),
  /** `YYYY-MM-DD`, or null when no interview appointment is set. */
  appointedDay: z.string().nullable(),
  /** 9 (morning) or 12 (evening), or null. */
  appointedHour: z.number().int().nullable(),
  /** The documents review as a whole (issue 16; added after the spec). */
  documentsStatus: z.enum(DOCUMENTS_STATUSES),
});
export type StudentRecord = z.infer<typeof studentRecordSchema>;

/** `?page=&limit=` of `POST /students/getAllStudents`: page from 1; limit 1…500 (larger values count as 500). */
export const studentPageQuerySchema = z.object({
  page: z.coerce
    .number({ error: MESSAGES.pageInvalid })
    .int({ error: MESSAGES.pageInvalid })
    .min(1, { error: MESSAGES.pageInvalid })
    .max(MAX_STUDENT_PAGE, { error: MESSAGES.pageInvalid })
    .default(1),
  limit: z.coerce
    .number({ error: MESSAGES.pageSizeInvalid })
    .int({ error: MESSAGES.pageSizeInvalid })
    .min(1, { error: MESSAGES.pageSizeInvalid })
    .default(STUDENT_PAGE_SIZE)
    .transform((limit) => Math.min(limit, STUDENT_PAGE_SIZE)),
});
export type StudentPageQuery = z.input<typeof studentPageQuerySchema>;

/** Only complete (true), only incomplete (false) or every student (null or absent). */
const isCompleteFilter = z.boolean({ error: MESSAGES.invalidInput }).nullish();

/** Only students whose documents are in this state (issue 16), or every student (null or absent). */
const documentsStatusFilter = z
  .enum(DOCUMENTS_STATUSES, { error: REVIEW_MESSAGES.documentsStatusInvalid })
  .nullish();

/**
 * Body of `POST /students/getAllStudents`. The faculty is required for a super admin and support (the faculty
 * dropdown's default is 'choose faculty'); a faculty ADMIN always gets its own faculty and may leave it out.
 * `isComplete` (optional, an addition to the spec) filters the rows; the counts stay the faculty's totals, so a
 * client filtering on it computes the page count from `completedStudentsNumber` (or the difference).
 */
export const getAllStudentsRequestSchema = z.object(
  {
    faculty: facultyField,
    isComplete: isCompleteFilter,
    documentsStatus: documentsStatusFilter,
    /** Only students at a tracker step in a state (issue 36: a number of the funnel, followed). */
    progress: progressFilterSchema.nullish(),
  },
  { error: MESSAGES.invalidInput },
);
export type GetAllStudentsRequest = z.input<typeof getAllStudentsRequestSchema>;

export const getAllStudentsResponseSchema = successEnvelope({
  /** The faculty the rows belong to (an ADMIN's own). */
  faculty: z.string(),
  data: z.array(studentRecordSchema),
  studentsNumber: z.number().int(),
  completedStudentsNumber: z.number().int(),
  /**
   * Only when the request filters on `documentsStatus` (issue 16) or `progress` (issue 36): how many of the faculty's students the
   * filters keep, for the page count (the two counts above cannot give it).
   */
  filteredStudentsNumber: z.number().int().optional(),
});
export type GetAllStudentsResponse = z.infer<typeof getAllStudentsResponseSchema>;

/** A national ID typed into the search: digits normalised (Arabic-Indic and Persian to ASCII, spaces removed). */
const nationalIdSearch = z
  .string({ error: MESSAGES.nationalIdInvalid })
  .max(RAW_INPUT_MAX, MESSAGES.nationalIdInvalid)
  .transform(normalizeDigits)
  .pipe(z.string().max(NATIONAL_ID_MAX_LENGTH, MESSAGES.nationalIdInvalid))
  .nullish()
  .transform((value) => value || null);

const studentNameSearch = z
  .string({ error: MESSAGES.studentSearchTooLong })
  .max(RAW_INPUT_MAX, MESSAGES.studentSearchTooLong)
  .trim()
  .max(STUDENT_NAME_SEARCH_MAX_LENGTH, MESSAGES.studentSearchTooLong)
  .nullish()
  .transform((value) => value || null);

/**
 * Body of `POST /students/getStudentInfo`: search by name (type 1: contains, Arabic spelling variants match)
 * or by national ID (type 2: exact); at least one must be given. `faculty` limits the search (a faculty ADMIN is
 * always limited to its own); a super admin or support may leave it out to search every faculty.
 */
export const getStudentInfoRequestSchema = z
  .object(
    {
      nationalID: nationalIdSearch,
      studentName: studentNameSearch,
      isComplete: isCompleteFilter,
      documentsStatus: documentsStatusFilter,
      faculty: facultyField,
    },
    { error: MESSAGES.invalidInput },
  )
  .superRefine((value, ctx) => {
    if (!value.nationalID && !value.studentName)
      ctx.addIssue({ code: 'custom', message: MESSAGES.studentSearchRequired, path: ['studentName'] });
  });
export type GetStudentInfoRequest = z.input<typeof getStudentInfoRequestSchema>;

/**
 * Answer of `POST /students/getStudentInfo`: at most 500 matches (exact prefix matches first, then by name);
 * `studentsNumber` counts every match. No match answers 404 (the client shows an empty list).
 */
export const getStudentInfoResponseSchema = successEnvelope({
  data: z.array(studentRecordSchema),
  studentsNumber: z.number().int(),
});
export type GetStudentInfoResponse = z.infer<typeof getStudentInfoResponseSchema>;

/** `DELETE /students/deleteStudent/{id}` */
export const studentIdParamsSchema = z.object({ id: z.uuid({ error: MESSAGES.studentIdInvalid }) });
export const studentMessageResponseSchema = successEnvelope({ message: z.string() });

/** Body of `POST /students/delete` and `POST /students/countFaculty`: the faculty is required. */
export const facultyRequestSchema = z.object(
  {
    faculty: facultyField.refine((faculty) => faculty !== null, { error: MESSAGES.facultyRequired }),
  },
  { error: MESSAGES.facultyRequired },
);
export type FacultyRequest = z.input<typeof facultyRequestSchema>;

/** Answer of `POST /students/delete`: how many students were removed (with their images and answers). */
export const deleteFacultyResponseSchema = successEnvelope({
  message: z.string(),
  deletedData: z.number().int(),
});
export type DeleteFacultyResponse = z.infer<typeof deleteFacultyResponseSchema>;

/** One faculty's counts (statistics cards, delete confirmation). */
export const facultyCountsSchema = z.object({
  faculty: z.string(),
  studentsNumber: z.number().int(),
  studentsNumberCompleted: z.number().int(),
});
export type FacultyCounts = z.infer<typeof facultyCountsSchema>;

/** Answer of `POST /students/countFaculty`: what deleting the faculty's data would remove. */
export const countFacultyResponseSchema = successEnvelope({ data: facultyCountsSchema });
export type CountFacultyResponse = z.infer<typeof countFacultyResponseSchema>;

/**
 * One faculty of the statistics: its counts and, from the documents review (issue 16), how many of its students
 * have documents awaiting review, to re-upload, or all accepted (by documents status, so the three never
 * overlap).
 */
export const statisticsRowSchema = facultyCountsSchema.extend({
  documentsAwaiting: z.number().int(),
  documentsNeedReupload: z.number().int(),
  documentsAccepted: z.number().int(),
});
export type StatisticsRow = z.infer<typeof statisticsRowSchema>;

/** Answer of `GET /students/getStatistics`: every college, zero counts included. */
export const statisticsResponseSchema = successEnvelope({
  allStudentsNumber: z.number().int(),
  allStudentsNumberCompleted: z.number().int(),
  results: z.array(statisticsRowSchema),
});
export type StatisticsResponse = z.infer<typeof statisticsResponseSchema>;

/** Answer of `GET /users/getAllStudentsNumber`: the caller's visible scope (an ADMIN: its own faculty). */
export const allStudentsNumberResponseSchema = successEnvelope({
  data: z.object({ allStudentsNumber: z.number().int(), allStudentsNumberCompleted: z.number().int() }),
});
export type AllStudentsNumberResponse = z.infer<typeof allStudentsNumberResponseSchema>;
