import {
  allStudentsNumberResponseSchema,
  countFacultyResponseSchema,
  deleteFacultyResponseSchema,
  facultyRequestSchema,
  getAllStudentsRequestSchema,
  getAllStudentsResponseSchema,
  getStudentInfoRequestSchema,
  getStudentInfoResponseSchema,
  MESSAGE_TEMPLATES,
  MESSAGES,
  seasonQuerySchema,
  statisticsResponseSchema,
  studentIdParamsSchema,
  studentMessageResponseSchema,
  studentPageQuerySchema,
} from '@portal/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../../db/audit-trail.js';
import { errorResponses } from '../../lib/error-responses.js';
import { fileRemover } from '../../storage/remove-files.js';
import { studentRecordsRepository } from './student-records.repository.js';
import { type RequestContext, studentRecordsService } from './student-records.service.js';

const GUARDED = [401, 403] as const;

/**
 * Staff student records (spec section 7, 'Admin student calls', and `GET /users/getAllStudentsNumber`): list,
 * search, delete one student, delete a faculty's students, counts and statistics. Who may call what is the
 * access table's business (`auth/access-policy.ts`); which faculty an ADMIN sees is `facultyScope`'s.
 */
export const studentRecordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = studentRecordsService({
    repository: studentRecordsRepository(app.db),
    audit: (entry, tx) => recordAudit(tx ?? app.db, entry),
    removeFiles: fileRemover(app),
  });
  const staff = (request: FastifyRequest) => app.auth.currentStaff(request);
  const context = (request: FastifyRequest): RequestContext => ({ ip: request.ip });
  const tags = ['student records'];

  app.post(
    '/students/getAllStudents',
    {
      schema: {
        tags,
        summary: "One page of a faculty's students ordered by name, with the faculty's counts",
        description:
          'Super admin and support name the faculty (required); a faculty ADMIN always gets its own (naming ' +
          'another is 403). limit is at most 500 (larger values count as 500). Optional filters: isComplete ' +
          'and documentsStatus (none, pending, needsReupload, accepted); with documentsStatus the answer also ' +
          'carries filteredStudentsNumber, the count the page count comes from. progress {step, state} (issue ' +
          "36) keeps the students at a tracker step in a state (done, current, blocked), exactly a funnel count's " +
          'students, and also answers filteredStudentsNumber. Each page read is audited.',
        querystring: studentPageQuerySchema.extend(seasonQuerySchema.shape),
        body: getAllStudentsRequestSchema,
        response: { 200: getAllStudentsResponseSchema, ...errorResponses(400, ...GUARDED) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      ...(await service.list(
        staff(request),
        request.body,
        request.query,
        context(request),
        request.query.season ?? null,
      )),
    }),
  );

  app.post(
    '/students/getStudentInfo',
    {
      schema: {
        tags,
        summary: 'Search students by name (contains, Arabic spelling variants match) or national ID (exact)',
        description:
          'At most 500 matches, names starting with the search first; 404 when nothing matches. Without a ' +
          'faculty a super admin or support searches every faculty. Optional filters: isComplete and ' +
          'documentsStatus.',
        querystring: seasonQuerySchema,
        body: getStudentInfoRequestSchema,
        response: { 200: getStudentInfoResponseSchema, ...errorResponses(400, ...GUARDED, 404) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      ...(await service.search(staff(request), request.body, context(request), request.query.season ?? null)),
    }),
  );

  app.delete(
    '/students/deleteStudent/:id',
    {
      schema: {
        tags,
        summary: 'Deletes one student with its images, answers and appointment',
        params: studentIdParamsSchema,
        response: { 200: studentMessageResponseSchema, ...errorResponses(400, ...GUARDED, 404) },
      },
    },
    async (request) => {
      await service.deleteStudent(staff(request), request.params.id, context(request));
      return { status: 'success' as const, message: MESSAGES.studentDeleted };
    },
  );

  app.post(
    '/students/delete',
    {
      schema: {
        tags,
        summary: 'Deletes every student of a faculty with their images and answers (one transaction)',
        body: facultyRequestSchema,
        response: { 200: deleteFacultyResponseSchema, ...errorResponses(400, ...GUARDED) },
      },
    },
    async (request) => {
      const deletedData = await service.deleteFaculty(staff(request), request.body.faculty, context(request));
      return {
        status: 'success' as const,
        message: MESSAGE_TEMPLATES.facultyDataDeleted(deletedData),
        deletedData,
      };
    },
  );

  app.post(
    '/students/countFaculty',
    {
      schema: {
        tags,
        summary: "A faculty's student counts, for the delete-faculty-data confirmation",
        body: facultyRequestSchema,
        response: { 200: countFacultyResponseSchema, ...errorResponses(400, ...GUARDED) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await service.countFaculty(staff(request), request.body.faculty),
    }),
  );

  app.get(
    '/students/getStatistics',
    {
      schema: {
        tags,
        summary:
          'Students, complete students and students by documents review status of every college (zero counts ' +
          'included), and overall',
        querystring: seasonQuerySchema,
        response: { 200: statisticsResponseSchema, ...errorResponses(400, ...GUARDED) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      ...(await service.statistics(request.query.season ?? null)),
    }),
  );

  app.get(
    '/users/getAllStudentsNumber',
    {
      schema: {
        tags,
        summary: "Students and complete students the caller may see (a faculty ADMIN: its own faculty's)",
        querystring: seasonQuerySchema,
        response: { 200: allStudentsNumberResponseSchema, ...errorResponses(400, ...GUARDED) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await service.visibleCounts(staff(request), request.query.season ?? null),
    }),
  );
};
