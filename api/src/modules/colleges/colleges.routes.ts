import { nameListResponseSchema } from '@portal/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { collegesRepository } from './colleges.repository.js';
import { collegesService } from './colleges.service.js';

export const collegesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = collegesService(collegesRepository(app.db));

  app.get(
    '/colleges',
    { schema: { tags: ['colleges'], response: { 200: nameListResponseSchema } } },
    async () => ({ status: 'success' as const, data: { data: await service.listNames() } }),
  );

  app.get(
    '/colleges/tourism/:college/programs',
    {
      schema: {
        tags: ['colleges'],
        params: z.object({ college: z.string().min(1).max(200) }),
        response: { 200: nameListResponseSchema },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { data: await service.tourismPrograms(request.params.college) },
    }),
  );
};
