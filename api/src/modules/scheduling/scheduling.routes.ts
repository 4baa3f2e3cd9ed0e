import {
  appointedStudentsNumberRequestSchema,
  appointedStudentsNumberResponseSchema,
  appointedStudentsPrintPath,
  appointStudentsRequestSchema,
  appointStudentsResponseSchema,
  errorEnvelopeSchema,
  exportAppointedStudentsParamsSchema,
  printLinkRequestSchema,
  printLinkResponseSchema,
} from '@portal/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../../db/audit-trail.js';
import { API_PREFIX, SCHEDULE_PRINT_LINK } from '../auth/index.js';
import { SCHEDULE_LIST_TEMPLATE, scheduleListData, sendScheduleList } from './schedule-list.js';
import { schedulingRepository } from './scheduling.repository.js';
import { type RequestContext, schedulingService } from './scheduling.service.js';

/** Documents the error answers a route may give (all `{status: 'error', message}`). */
function errors<const C extends number>(...codes: C[]) {
  return Object.fromEntries(codes.map((code) => [code, errorEnvelopeSchema])) as Record<
    C,
    typeof errorEnvelopeSchema
  >;
}
const GUARDED = [401, 403] as const;

/**
 * Interview scheduling of the social-work students (spec section 7: `getAppointedStudentsNumber`,
 * `appointStudents`, `exportsAppointedStudents`). Who may call is the access table's business
 * (`auth/access-policy.ts`: super admin and social admin).
 */
export const schedulingRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = schedulingService({
    repository: schedulingRepository(app.db),
    audit: (entry, tx) => recordAudit(tx ?? app.db, entry),
    timeZone: app.config.universityTimeZone,
    weekendDays: app.config.interviewWeekendDays,
  });
  const staff = (request: FastifyRequest) => app.auth.currentStaff(request);
  const context = (request: FastifyRequest): RequestContext => ({ ip: request.ip });
  const tags = ['scheduling'];

  app.post(
    '/users/getAppointedStudentsNumber',
    {
      schema: {
        tags,
        summary: 'Students appointed on a day at 9:00 and at 12:00, and social-work students still waiting',
        description:
          'date is YYYY-MM-DD (any day, past ones too). Waiting: social-work students with complete data and no ' +
          "appointment. Also answers the university's today and the weekend days, which appointStudents refuses.",
        body: appointedStudentsNumberRequestSchema,
        response: { 200: appointedStudentsNumberResponseSchema, ...errors(400, ...GUARDED) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await service.counts(request.body.date) }),
  );

  app.patch(
    '/users/appointStudents',
    {
      schema: {
        tags,
        summary: 'Appoints the NumOfStudents earliest-completed waiting students on a day and period',
        description:
          'date YYYY-MM-DD, not before today nor a weekend day (university time zone, INTERVIEW_WEEKEND_DAYS); ' +
          'period 9 or 12; NumOfStudents 1…2000. Fewer waiting: those there are are appointed and the message ' +
          'says so; none waiting: 409. Concurrent calls never appoint a student twice nor skip one.',
        body: appointStudentsRequestSchema,
        response: { 200: appointStudentsResponseSchema, ...errors(400, ...GUARDED, 409) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      ...(await service.appoint(staff(request), request.body, context(request))),
    }),
  );

  app.post(
    '/users/exportsAppointedStudents/link',
    {
      schema: {
        tags,
        summary:
          'The print link of a day and period, with a 10-minute print token in place of the staff token',
        description:
          'What the schedule screen opens (issue 33): the path of GET /users/exportsAppointedStudents/{date}/' +
          '{period}/{token} whose last segment is a print token for this account, this day and this period ' +
          'only, so no session token is ever put in a URL. It stops working after 10 minutes and when the ' +
          'account signs out everywhere, changes or resets its password, or is deleted.',
        body: printLinkRequestSchema,
        response: { 200: printLinkResponseSchema, ...errors(400, ...GUARDED) },
      },
    },
    async (request) => {
      const { date, period } = request.body;
      const token = app.auth.pathLink(SCHEDULE_PRINT_LINK, staff(request), { date, period: String(period) });
      return {
        status: 'success' as const,
        path: API_PREFIX + appointedStudentsPrintPath(date, period, token),
      };
    },
  );

  app.get(
    '/users/exportsAppointedStudents/:date/:period/:token',
    {
      schema: {
        tags,
        summary:
          'The printed list of the students appointed on a day in a period (PDF, shown in the browser)',
        description:
          'The browser opens this link itself, so the last path segment is a credential: the staff token ' +
          '(checked like a bearer token), or the print token POST /users/exportsAppointedStudents/link answers ' +
          '(for this day and period only: another is 403, an expired one 410). One row per student, sorted by name: name, national ID, phone and a signature ' +
          "column, under the university's header with the college, day and period on every page. 404 when " +
          'nobody is scheduled that day, or in that period.',
        params: exportAppointedStudentsParamsSchema,
        response: { ...errors(400, ...GUARDED, 404) },
      },
    },
    async (request, reply) => {
      const { date, period } = request.params;
      const students = await service.printList(staff(request), date, period, context(request));
      const pdf = await app.pdf.render(SCHEDULE_LIST_TEMPLATE, scheduleListData(students, date, period));
      return sendScheduleList(reply, pdf, date, period);
    },
  );
};
