import {
  errorEnvelopeSchema,
  MESSAGES,
  randomQuestionsResponseSchema,
  successEnvelope,
} from '@portal/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStudent, studentSessionFirst } from '../student-session/index.js';
import { quizRepository } from './quiz.repository.js';
import { quizService } from './quiz.service.js';

const paramsSchema = z.object({ id: z.uuid({ error: MESSAGES.studentIdInvalid }) });

/**
 * The answers are checked by the shared `validateQuizAnswers` (so the messages are the screen's), not by this
 * schema, which only documents them and requires a map.
 */
const submitBodySchema = z.object(
  {
    answers: z.record(z.string(), z.unknown(), { error: MESSAGES.answerAllQuestions }).meta({
      description: "Each drawn question's index mapped to 'true' or 'false'",
      examples: [{ '3': 'true', '11': 'false', '17': 'true', '20': 'false' }],
    }),
  },
  { error: MESSAGES.answerAllQuestions },
);

const submitResponseSchema = successEnvelope({ message: z.string(), isPassed: z.literal(true) });

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

export const quizRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = quizService(quizRepository(app.db));

  app.get(
    '/students/question/:id',
    {
      preValidation: studentSessionFirst,
      schema: {
        tags: ['quiz'],
        summary: "Draws the student's charter quiz questions (without answers); student session required",
        params: paramsSchema,
        response: { 200: randomQuestionsResponseSchema, ...errors, 503: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const studentId = requireStudent(request, request.params.id);
      return { status: 'success' as const, randomQuestions: await service.draw(studentId) };
    },
  );

  app.post(
    '/students/question/:id',
    {
      preValidation: studentSessionFirst,
      schema: {
        tags: ['quiz'],
        summary: 'Grades the answers to the drawn questions; all correct passes; student session required',
        params: paramsSchema,
        body: submitBodySchema,
        response: { 200: submitResponseSchema, ...errors },
      },
    },
    async (request) => {
      const studentId = requireStudent(request, request.params.id);
      await service.submit(studentId, request.body.answers);
      return { status: 'success' as const, message: MESSAGES.quizPassed, isPassed: true as const };
    },
  );
};
