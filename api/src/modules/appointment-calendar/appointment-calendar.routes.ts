import { errorEnvelopeSchema, MESSAGES } from '@portal/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStudent, studentSessionFirst } from '../student-session/index.js';
import { appointmentCalendarRepository } from './appointment-calendar.repository.js';
import { appointmentCalendarService } from './appointment-calendar.service.js';

export const APPOINTMENT_FILE_NAME = 'personal-interview-appointment.ics';

/** The logged-in student's personal-interview appointment as a calendar file, beside the lookup's own routes. */
export const appointmentCalendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = appointmentCalendarService(appointmentCalendarRepository(app.db), {
    timeZone: app.config.universityTimeZone,
  });

  app.get(
    '/students/appointment/:id.ics',
    {
      // Without a session the answer is 401 whatever the path, so nothing is learnt without logging in.
      preValidation: studentSessionFirst,
      schema: {
        tags: ['students'],
        summary: "The logged-in student's personal-interview appointment as a calendar file (.ics)",
        params: z.object({ id: z.uuid({ error: MESSAGES.studentIdInvalid }) }),
        response: {
          200: z.string().meta({ description: 'text/calendar (RFC 5545), one event' }),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const studentId = requireStudent(request, request.params.id);
      const calendar = await service.appointmentCalendar(studentId);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${APPOINTMENT_FILE_NAME}"`)
        .send(calendar);
    },
  );
};
