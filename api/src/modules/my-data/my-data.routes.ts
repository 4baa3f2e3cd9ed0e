import { errorEnvelopeSchema, MESSAGES } from '@portal/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../lib/send-download.js';
import { requireStepUp, requireStudent, studentSessionFirst } from '../student-session/index.js';
import { myDataRepository } from './my-data.repository.js';
import { myDataService } from './my-data.service.js';

/** `GET /students/myData/:id`: the logged-in student's own data as a zip (issue 20). */
export const myDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = myDataService({
    repository: myDataRepository(app.db),
    storage: app.storage,
    interviewResultVisible: app.config.interviewResultVisible,
  });

  app.get(
    '/students/myData/:id',
    {
      // A HEAD would read every table and open the images only to discard them.
      exposeHeadRoute: false,
      // Without a session the answer is 401 whatever the path, so nothing is learnt without logging in.
      preValidation: studentSessionFirst,
      schema: {
        tags: ['students'],
        summary: "The logged-in student's own data as a zip: data.json and the six document images",
        description:
          'The student session only (staff credentials open nothing here). `data.json` holds the students row, ' +
          'the college, the documents and their review, the questionnaire answers, the charter quiz, the ' +
          "appointment (and the committee's outcome while INTERVIEW_RESULT_VISIBLE) and the messages sent. " +
          '403 until a step-up passed on this session in the last 15 minutes (`POST /students/stepUp/{id}`), ' +
          'unless STUDENT_STEP_UP=off.',
        params: z.object({ id: z.uuid({ error: MESSAGES.studentIdInvalid }) }),
        response: {
          200: z.unknown().meta({ description: 'application/zip' }),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const studentId = requireStudent(request, request.params.id);
      requireStepUp(request);
      const { file, body, produce } = await service.download(studentId);
      return sendDownload(reply, file, body, produce, request.log);
    },
  );
};
