import {
  resetTwoFactorRequestSchema,
  staffMessageResponseSchema,
  TWO_FACTOR_MESSAGES,
  twoFactorDisableRequestSchema,
  twoFactorEnableRequestSchema,
  twoFactorEnableResponseSchema,
  twoFactorSetupResponseSchema,
} from '@portal/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.js';
import { withRetryAfter } from '../sign-in-throttle/index.js';

const GUARDED = [401, 403] as const;

/**
 * The staff second factor's own calls (issue 20): enrol, confirm, leave, and the super admin's reset. The code
 * step of the sign-in is `POST /users/login/verify` (users module). Who may call what is the access table's.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.twoFactor;
  const context = (request: FastifyRequest) => ({ ip: request.ip });
  const staff = (request: FastifyRequest) => app.auth.currentStaff(request);
  const tags = ['users'];

  app.post(
    '/users/twoFactor/setup',
    {
      schema: {
        tags,
        summary: 'A new TOTP secret and its QR code; nothing is on until a code confirms it (enable)',
        response: { 200: twoFactorSetupResponseSchema, ...errorResponses(...GUARDED, 409) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await service.setup(staff(request), context(request)),
    }),
  );

  app.post(
    '/users/twoFactor/enable',
    {
      schema: {
        tags,
        summary: 'Confirms the pending secret with a code; answers ten single-use recovery codes, shown once',
        body: twoFactorEnableRequestSchema,
        response: { 200: twoFactorEnableResponseSchema, ...errorResponses(400, ...GUARDED, 409, 429) },
      },
    },
    async (request, reply) => {
      const recoveryCodes = await withRetryAfter(reply, () =>
        service.enable(staff(request), request.body.code, context(request)),
      );
      return { status: 'success' as const, message: TWO_FACTOR_MESSAGES.enabled, data: { recoveryCodes } };
    },
  );

  app.post(
    '/users/twoFactor/disable',
    {
      schema: {
        tags,
        summary:
          'Turns the own second factor off; the password and a code are both asked, and one answer says either was wrong',
        body: twoFactorDisableRequestSchema,
        response: { 200: staffMessageResponseSchema, ...errorResponses(400, ...GUARDED, 429) },
      },
    },
    async (request, reply) => {
      await withRetryAfter(reply, () => service.disable(staff(request), request.body, context(request)));
      return { status: 'success' as const, message: TWO_FACTOR_MESSAGES.disabled };
    },
  );

  app.patch(
    '/users/resetTwoFactor',
    {
      schema: {
        tags,
        summary: "Removes another account's second factor and ends its sessions (super admin)",
        body: resetTwoFactorRequestSchema,
        response: { 200: staffMessageResponseSchema, ...errorResponses(400, ...GUARDED, 404) },
      },
    },
    async (request) => {
      await service.reset(staff(request), request.body.id, context(request));
      return { status: 'success' as const, message: TWO_FACTOR_MESSAGES.reset };
    },
  );
};
