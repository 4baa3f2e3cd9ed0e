import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brandingResponseSchema } from '@portal/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentSeasonName } from '../../db/seasons.js';

const DEFAULT_LOGO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/logo.svg');
const LOGO_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
};

/** The university's names, logo, links and academic year are settings, so any university can run the portal. */
export const brandingRoutes: FastifyPluginAsyncZod = async (app) => {
  const branding = app.config.branding;
  const logoFile = branding.logoFile ?? DEFAULT_LOGO;
  const logo = await readFile(logoFile);
  const logoType = LOGO_TYPES[path.extname(logoFile).toLowerCase()] ?? 'application/octet-stream';

  app.get(
    '/branding',
    { schema: { tags: ['branding'], response: { 200: brandingResponseSchema } } },
    async () => ({
      status: 'success' as const,
      data: {
        universityName: branding.universityName,
        universityNameEn: branding.universityNameEn,
        copyrightHolder: branding.copyrightHolder,
        // The current admission season's name (issue 21), cached per instance until a season is opened.
        academicYear: await app.content.get(
          'seasons',
          'current',
          async () => (await currentSeasonName(app.db)) ?? branding.academicYear,
        ),
        logoUrl: '/api/v1/branding/logo',
        socialLinks: branding.socialLinks,
        timeZone: app.config.universityTimeZone,
      },
    }),
  );

  app.get('/branding/logo', { schema: { tags: ['branding'] } }, async (_request, reply) =>
    reply.type(logoType).header('cache-control', 'public, max-age=3600').send(logo),
  );
};
