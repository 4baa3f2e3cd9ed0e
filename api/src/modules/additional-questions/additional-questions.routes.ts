import { additionalQuestionSchema, errorEnvelopeSchema, MESSAGES, successEnvelope } from '@portal/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStudentSession, studentSessionFirst } from '../student-session/index.js';
import { additionalQuestionsRepository } from './additional-questions.repository.js';
import { additionalQuestionsService, MAX_ANSWERS } from './additional-questions.service.js';

const listResponseSchema = successEnvelope({ data: z.array(additionalQuestionSchema) });

const paramsSchema = z.object({
  nationalID: z.string().min(1).max(64, { error: MESSAGES.nationalIdInvalid }),
});

/**
 * Documents an answer entry and caps the list; the entries' contents are checked by the shared
 * `validateAdditionalAnswers`, so the student reads the same messages as on the screen.
 */
const answerEntryBodySchema = z.looseObject(
  {
    id: z.unknown().meta({ description: 'The question id', examples: ['residence'] }),
    answer: z.unknown().meta({
      description: 'The chosen option, the typed text, or a list of options for multi_select_input',
      examples: ['مع الأسرة'],
    }),
    input: z
      .unknown()
      .optional()
      .meta({
        description: "Extra text, required when 'أخرى' (other) or 'نعم' (yes) is chosen",
        examples: [''],
      }),
  },
  { error: MESSAGES.invalidAnswerEntry },
);

const submitBodySchema = z.object(
  {
    answers: z
      .array(answerEntryBodySchema, { error: MESSAGES.answersNotArray })
      .max(MAX_ANSWERS, { error: MESSAGES.tooManyAnswers }),
  },
  { error: MESSAGES.answersNotArray },
);

export const additionalQuestionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = additionalQuestionsService(additionalQuestionsRepository(app.db), app.content);

  app.get(
    '/additionalQuestions',
    {
      schema: {
        tags: ['additional questions'],
        summary: 'The active additional questions, in order',
        response: { 200: listResponseSchema },
      },
    },
    async () => ({ status: 'success' as const, data: await service.listActive() }),
  );

  app.post(
    '/additionalQuestions/submit/:nationalID',
    {
      // The session is checked before the body, so a caller without one learns nothing about the payload.
      preValidation: studentSessionFirst,
      schema: {
        tags: ['additional questions'],
        summary: "Stores the logged-in student's answers once; the student must have passed the charter quiz",
        params: paramsSchema,
        body: submitBodySchema,
        response: {
          200: successEnvelope({ message: z.string() }),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const studentId = requireStudentSession(request);
      await service.submit(studentId, request.params.nationalID, request.body.answers);
      return { status: 'success' as const, message: MESSAGES.additionalSubmitted };
    },
  );
};
