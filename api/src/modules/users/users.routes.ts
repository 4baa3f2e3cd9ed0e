import {
  addAdminRequestSchema,
  addAdminResponseSchema,
  credentialsResponseSchema,
  getAdminRequestSchema,
  getAllAdminsResponseSchema,
  getRoleResponseSchema,
  loginChallengeResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  loginVerifyRequestSchema,
  MESSAGES,
  resetAdminPasswordRequestSchema,
  staffIdParamsSchema,
  staffMeResponseSchema,
  staffMessageResponseSchema,
  staffUserResponseSchema,
  staffUserWithMessageResponseSchema,
  TWO_FACTOR_MESSAGES,
  updateAdminRequestSchema,
  updateMyPasswordRequestSchema,
  updateMyPasswordResponseSchema,
  updateOwnAccountRequestSchema,
} from '@portal/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../db/audit-trail.js';
import { errorResponses } from '../../lib/error-responses.js';
import { loginThrottle, withRetryAfter } from '../sign-in-throttle/index.js';
import type { RequestContext } from './service-deps.js';
import { usersRepository } from './users.repository.js';
import { usersService } from './users.service.js';

const GUARDED = [401, 403] as const;

/**
 * Staff sign-in, own account and admins management (spec section 7, 'Admin and user calls'). Who may call what
 * is the access table's business (`auth/access-policy.ts`), enforced before these handlers run.
 */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = usersService({
    repository: usersRepository(app.db),
    throttle: loginThrottle(app.db),
    audit: (entry, tx) => recordAudit(tx ?? app.db, entry),
    issueToken: (staff) => app.auth.issueToken(staff),
    secondFactor: app.twoFactor,
  });
  const context = (request: FastifyRequest): RequestContext => ({ ip: request.ip });
  const staff = (request: FastifyRequest) => app.auth.currentStaff(request);
  const tags = ['users'];

  app.post(
    '/users/login',
    {
      schema: {
        tags,
        summary:
          'Staff sign-in; locked per user name and address, per address, and slowed per user name. An account ' +
          'with a second factor gets a ' +
          'challenge for its code (login/verify) instead of a token',
        body: loginRequestSchema,
        response: {
          200: z.union([loginResponseSchema, loginChallengeResponseSchema]),
          ...errorResponses(400, 401, 429),
        },
      },
    },
    async (request, reply) => {
      const result = await withRetryAfter(reply, () => service.login(request.body, context(request)));
      if ('challenge' in result)
        return {
          status: 'success' as const,
          message: TWO_FACTOR_MESSAGES.enterCode,
          twoFactorRequired: true as const,
          challenge: result.challenge,
        };
      return {
        status: 'success' as const,
        message: MESSAGES.loggedIn,
        token: result.token,
        data: { user: result.user },
      };
    },
  );

  app.post(
    '/users/login/verify',
    {
      schema: {
        tags,
        summary:
          "The sign-in's second step: the challenge and a code from the authenticator app, or a recovery code",
        body: loginVerifyRequestSchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { token, user } = await withRetryAfter(reply, () =>
        service.verifyLogin(request.body, context(request)),
      );
      return { status: 'success' as const, message: MESSAGES.loggedIn, token, data: { user } };
    },
  );

  app.get(
    '/users/getRole',
    { schema: { tags, response: { 200: getRoleResponseSchema, ...errorResponses(...GUARDED) } } },
    async (request) => {
      const me = staff(request);
      return { status: 'success' as const, data: { role: me.role, passwordChanged: me.passwordChanged } };
    },
  );

  app.get(
    '/users/getMe',
    { schema: { tags, response: { 200: staffMeResponseSchema, ...errorResponses(...GUARDED) } } },
    async (request) => ({ status: 'success' as const, data: { user: service.me(staff(request)) } }),
  );

  app.patch(
    '/users/updateMyPassword',
    {
      schema: {
        tags,
        summary: 'Changes the own password; every older token of the account stops working',
        body: updateMyPasswordRequestSchema,
        response: { 200: updateMyPasswordResponseSchema, ...errorResponses(400, ...GUARDED, 429) },
      },
    },
    async (request, reply) => {
      const user = await withRetryAfter(reply, () =>
        service.updateMyPassword(staff(request), request.body, context(request)),
      );
      return { status: 'success' as const, message: MESSAGES.passwordChangedSuccess, data: { user } };
    },
  );

  app.patch(
    '/users/updateSuperAdmin',
    {
      schema: {
        tags,
        summary: "Updates the caller's own account (super admin; ADMIN before its first password change)",
        body: updateOwnAccountRequestSchema,
        response: { 200: staffUserWithMessageResponseSchema, ...errorResponses(400, ...GUARDED, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = await withRetryAfter(reply, () =>
        service.updateOwnAccount(staff(request), request.body, context(request)),
      );
      return { status: 'success' as const, message: MESSAGES.accountUpdated, user };
    },
  );

  app.get(
    '/users/getAllAdmins',
    { schema: { tags, response: { 200: getAllAdminsResponseSchema, ...errorResponses(...GUARDED) } } },
    async () => {
      const users = await service.listAdmins();
      return { status: 'success' as const, results: users.length, data: { users } };
    },
  );

  app.post(
    '/users/getAdmin',
    {
      schema: {
        tags,
        summary: 'Finds an account by user name (search type 1) or mobile (search type 2)',
        body: getAdminRequestSchema,
        response: { 200: staffUserResponseSchema, ...errorResponses(400, ...GUARDED, 404) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { user: await service.findAdmin(request.body) },
    }),
  );

  app.post(
    '/users/addAdmin',
    {
      schema: {
        tags,
        summary: 'Adds an account with a generated password, shown once in data',
        body: addAdminRequestSchema,
        response: { 201: addAdminResponseSchema, ...errorResponses(400, ...GUARDED, 409) },
      },
    },
    async (request, reply) => {
      const { user, credentials } = await service.addAdmin(staff(request), request.body, context(request));
      reply.code(201);
      return { status: 'success' as const, message: MESSAGES.adminAdded, user, data: credentials };
    },
  );

  app.patch(
    '/users/updateAdmin',
    {
      schema: {
        tags,
        body: updateAdminRequestSchema,
        response: { 200: staffUserWithMessageResponseSchema, ...errorResponses(400, ...GUARDED, 404, 409) },
      },
    },
    async (request) => {
      const { id, adminInfo } = request.body;
      const user = await service.updateAdmin(staff(request), id, adminInfo, context(request));
      return { status: 'success' as const, message: MESSAGES.adminEdited, user };
    },
  );

  app.patch(
    '/users/resetAdminPassword',
    {
      schema: {
        tags,
        summary: 'Gives an account a new generated password, shown once in data',
        body: resetAdminPasswordRequestSchema,
        response: { 200: credentialsResponseSchema, ...errorResponses(400, ...GUARDED, 404) },
      },
    },
    async (request) => {
      const credentials = await service.resetAdminPassword(staff(request), request.body.id, context(request));
      return { status: 'success' as const, message: MESSAGES.adminPasswordReset, data: credentials };
    },
  );

  app.delete(
    '/users/deleteAdmin/:id',
    {
      schema: {
        tags,
        params: staffIdParamsSchema,
        response: { 200: staffMessageResponseSchema, ...errorResponses(400, ...GUARDED, 404) },
      },
    },
    async (request) => {
      await service.deleteAdmin(staff(request), request.params.id, context(request));
      return { status: 'success' as const, message: MESSAGES.adminDeleted };
    },
  );
};
