import {
  BOOKING_CHANGE_CUTOFF_HOURS,
  bookInterviewRequestSchema,
  bookInterviewResponseSchema,
  cancelInterviewResponseSchema,
  createSlotRequestSchema,
  dateRangeQuerySchema,
  INTERVIEW_MESSAGES,
  INTERVIEW_NOTES_MAX_LENGTH,
  interviewDayQuerySchema,
  interviewDayResponseSchema,
  interviewExportRequestSchema,
  interviewExportResponseSchema,
  interviewOutcomeRequestSchema,
  interviewOutcomeResponseSchema,
  interviewStatisticsResponseSchema,
  MESSAGES,
  SLOT_CAPACITY_MAX,
  SLOT_PLACE_MAX_LENGTH,
  slotIdParamsSchema,
  slotResponseSchema,
  slotsResponseSchema,
  studentIdParamsSchema,
  studentInterviewSlotsResponseSchema,
  updateSlotRequestSchema,
} from '@portal/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../db/audit-trail.js';
import { errorResponses } from '../../lib/error-responses.js';
import { sendDownload } from '../../lib/send-download.js';
import { createLinkSigner } from '../../lib/signed-link.js';
import { API_PREFIX } from '../auth/index.js';
import { requireStudent, studentSessionFirst } from '../student-session/index.js';
import { exportFile, outcomesSheet } from './interview-export.js';
import { interviewsRepository } from './interviews.repository.js';
import { interviewsService } from './interviews.service.js';
import type { RequestContext } from './service-deps.js';

export interface InterviewsRoutesOptions {
  /** The application secret: export links are signed with it, so any instance can serve them. */
  secret: string;
}

const GUARDED = [401, 403] as const;
const STUDENT_GUARDED = [401, 403, 404] as const;

const outcomeParamsSchema = z.object({ studentId: z.uuid({ error: MESSAGES.studentIdInvalid }) });

const SLOT_DESCRIPTION =
  `date YYYY-MM-DD, not before today nor a weekend day (university time zone, INTERVIEW_WEEKEND_DAYS); period ` +
  `9 or 12; capacity 1…${SLOT_CAPACITY_MAX}; place 1…${SLOT_PLACE_MAX_LENGTH} characters on one line. 409 when ` +
  'the place is already published for that day and period. Audited.';

const BOOK_DESCRIPTION = [
  "The logged-in student's session (getStudent) for the student in the path. A social-work student with complete ",
  'data and no appointment books an open slot that has not started and has a free place; a student holding its ',
  `own booking moves it there, until ${BOOKING_CHANGE_CUTOFF_HOURS} hours before the current booking's start `,
  "(university time zone). 409 (Arabic) when the slot is full, closed or started, the student's appointment was ",
  'made by the staff, the outcome is recorded or it is too late; 403 for a student of another college. Booking ',
  'the slot already booked changes nothing. Concurrent bookings never exceed the capacity. Audited.',
].join('');

const OUTCOME_DESCRIPTION = [
  'attended (required); scores by criterion (appearance ≤10, expression ≤20, culture ≤15, motivation ≤20, ',
  'balance ≤15, communication ≤20), whole numbers from 0; decision suitable or notSuitable; notes up to ',
  `${INTERVIEW_NOTES_MAX_LENGTH} characters. An absent student has no scores and no decision; a decision needs `,
  'all six scores. Only for a student with an appointment (409 otherwise); a saved outcome may be corrected. ',
  'Every save is audited with what it replaced.',
].join('');

/**
 * Interviews (issue 18): the staff's slots, day list, outcomes, statistics and export, and the student's own
 * booking. Who may call the staff calls is the access table's business (`auth/access-policy.ts`: super admin
 * and social admin); the student calls check the student's session against the path.
 */
export const interviewsRoutes: FastifyPluginAsyncZod<InterviewsRoutesOptions> = async (app, options) => {
  const repository = interviewsRepository(app.db);
  const service = interviewsService({
    repository,
    audit: (entry, tx) => recordAudit(tx ?? app.db, entry),
    timeZone: app.config.universityTimeZone,
    weekendDays: app.config.interviewWeekendDays,
    links: createLinkSigner(options.secret),
    downloadPath: (token) => `${API_PREFIX}/interviews/export/${token}`,
  });
  const staff = (request: FastifyRequest) => app.auth.currentStaff(request);
  const context = (request: FastifyRequest): RequestContext => ({ ip: request.ip });
  const tags = ['interviews'];

  app.post(
    '/interviews/slots',
    {
      schema: {
        tags,
        summary: 'Publishes an interview slot: a day, a period and a place for up to capacity students',
        description: SLOT_DESCRIPTION,
        body: createSlotRequestSchema,
        response: { 200: slotResponseSchema, ...errorResponses(400, ...GUARDED, 409) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: INTERVIEW_MESSAGES.slotCreated,
      data: await service.createSlot(staff(request), request.body, context(request)),
    }),
  );

  app.patch(
    '/interviews/slots/:id',
    {
      schema: {
        tags,
        summary: "Changes a slot's capacity or place, or closes (reopens) it",
        description:
          'At least one of capacity, place, closed. The capacity never goes below the students booked (409); ' +
          'closing keeps the bookings and takes no new ones. Audited with the values before and after.',
        params: slotIdParamsSchema,
        body: updateSlotRequestSchema,
        response: { 200: slotResponseSchema, ...errorResponses(400, ...GUARDED, 404, 409) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: INTERVIEW_MESSAGES.slotUpdated,
      data: await service.updateSlot(staff(request), request.params.id, request.body, context(request)),
    }),
  );

  app.get(
    '/interviews/slots',
    {
      schema: {
        tags,
        summary: 'The slots of a range of days, with the students booked in each',
        description: 'from and to are YYYY-MM-DD, both optional (no bound), from not after to.',
        querystring: dateRangeQuerySchema,
        response: { 200: slotsResponseSchema, ...errorResponses(400, ...GUARDED) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await service.slots(request.query) }),
  );

  app.get(
    '/interviews/day',
    {
      schema: {
        tags,
        summary: "A day's appointed students (however appointed) with their place, attendance and outcome",
        description:
          'date YYYY-MM-DD; period 9 or 12 (optional: both). By period, place, then name. Each read is audited.',
        querystring: interviewDayQuerySchema,
        response: { 200: interviewDayResponseSchema, ...errorResponses(400, ...GUARDED) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await service.day(staff(request), request.query.date, request.query.period, context(request)),
    }),
  );

  app.put(
    '/interviews/outcome/:studentId',
    {
      schema: {
        tags,
        summary: "Records or corrects a student's interview outcome: attendance, six scores, decision, notes",
        description: OUTCOME_DESCRIPTION,
        params: outcomeParamsSchema,
        body: interviewOutcomeRequestSchema,
        response: { 200: interviewOutcomeResponseSchema, ...errorResponses(400, ...GUARDED, 404, 409) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: INTERVIEW_MESSAGES.interviewOutcomeSaved,
      data: await service.saveOutcome(
        staff(request),
        request.params.studentId,
        request.body,
        context(request),
      ),
    }),
  );

  app.get(
    '/interviews/statistics',
    {
      schema: {
        tags,
        summary: 'Per day and in total: appointed, attended, absent, suitable, not suitable, not recorded',
        description: 'from and to are YYYY-MM-DD, both optional (no bound), from not after to.',
        querystring: dateRangeQuerySchema,
        response: { 200: interviewStatisticsResponseSchema, ...errorResponses(400, ...GUARDED) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await service.statistics(request.query) }),
  );

  app.post(
    '/interviews/export',
    {
      schema: {
        tags,
        summary: 'A 10-minute signed link to the outcomes of a range of days (.xlsx, one row per student)',
        description:
          'Body {from?, to?} (YYYY-MM-DD). The link is opened by the browser itself; the sheet is right-to-left ' +
          'with the six scores, the total, the decision and the notes. Audited, as is the download.',
        body: interviewExportRequestSchema,
        response: { 200: interviewExportResponseSchema, ...errorResponses(400, ...GUARDED) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      path: await service.exportLink(staff(request), request.body, context(request)),
    }),
  );

  app.get(
    '/interviews/export/:token',
    {
      // No automatic HEAD: it would build (and audit) the whole file only to discard it.
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'Streams the outcomes sheet an export link stands for (the link is the credential)',
        params: z.object({ token: z.string() }),
        response: { ...errorResponses(400, 403, 410) },
      },
    },
    async (request, reply) => {
      const range = await service.openExport(request.params.token, context(request));
      const { body, produce } = outcomesSheet(repository, range);
      return sendDownload(reply, exportFile(range), body, produce, request.log);
    },
  );

  app.get(
    '/students/interviewSlots/:id',
    {
      preValidation: studentSessionFirst,
      schema: {
        tags,
        summary: 'The interview slots the logged-in student may book, and its own booking',
        description:
          "The student's session for the student in the path. Only for a social-work student (403 otherwise) " +
          'with complete data, waiting or holding its own booking (409 otherwise). Slots: open, not started, ' +
          "with a free place, the student's own left out; none once its booking can no longer change.",
        params: studentIdParamsSchema,
        response: {
          200: studentInterviewSlotsResponseSchema,
          ...errorResponses(400, ...STUDENT_GUARDED, 409),
        },
      },
    },
    async (request) => {
      const studentId = requireStudent(request, request.params.id);
      return { status: 'success' as const, data: await service.studentSlots(studentId) };
    },
  );

  app.post(
    '/students/bookInterview/:id',
    {
      preValidation: studentSessionFirst,
      schema: {
        tags,
        summary: 'Books an interview slot for the logged-in student, or moves its booking there',
        description: BOOK_DESCRIPTION,
        params: studentIdParamsSchema,
        body: bookInterviewRequestSchema,
        response: { 200: bookInterviewResponseSchema, ...errorResponses(400, ...STUDENT_GUARDED, 409) },
      },
    },
    async (request) => {
      const studentId = requireStudent(request, request.params.id);
      const { moved, booking } = await service.book(studentId, request.body.slotId, context(request));
      return {
        status: 'success' as const,
        message: moved ? INTERVIEW_MESSAGES.interviewMoved : INTERVIEW_MESSAGES.interviewBooked,
        data: { booking },
      };
    },
  );

  app.post(
    '/students/cancelInterview/:id',
    {
      preValidation: studentSessionFirst,
      schema: {
        tags,
        summary: "Cancels the logged-in student's own interview booking",
        description:
          `Until ${BOOKING_CHANGE_CUTOFF_HOURS} hours before its start (university time zone), never after ` +
          "(409); not an appointment made by the staff, nor once the outcome is recorded (409). The student's " +
          'session for the student in the path. Audited.',
        params: studentIdParamsSchema,
        response: { 200: cancelInterviewResponseSchema, ...errorResponses(400, ...STUDENT_GUARDED, 409) },
      },
    },
    async (request) => {
      const studentId = requireStudent(request, request.params.id);
      await service.cancel(studentId, context(request));
      return { status: 'success' as const, message: INTERVIEW_MESSAGES.interviewCancelled };
    },
  );
};
