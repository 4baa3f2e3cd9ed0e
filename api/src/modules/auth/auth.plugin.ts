import { MESSAGES, type StaffRole, TWO_FACTOR_MESSAGES } from '@portal/common';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { type AuditEntry, recordAudit } from '../../db/audit-trail.js';
import { AppError } from '../../lib/app-error.js';
import { createLinkSigner } from '../../lib/signed-link.js';
import { ACCESS_POLICY, type AccessRule, API_PREFIX, accessIndex, decideAccess } from './access-policy.js';
import { looksLikePathLink, openPathLink, type PathLinkKind, signPathLink } from './path-links.js';
import {
  type StaffAccount,
  type StaffPrincipal,
  staffPrincipalRepository,
} from './staff-principal.repository.js';
import { createTokenService, type TokenService } from './token.js';

export interface AuthService {
  /** A fresh token for the account, issued strictly after its last credentials change. */
  issueToken(staff: { id: string; credentialsChangedAt: Date }): Promise<string>;
  /**
   * The account a token belongs to, loaded afresh; 401 (Arabic) when the token is missing, malformed, tampered
   * with, expired, issued before the account's last password change or reset, or the account is gone. For
   * routes that carry the token elsewhere than the Authorization header (the schedule print link).
   */
  verifyToken(token: string | undefined): Promise<StaffPrincipal>;
  /**
   * A 10-minute link of `kind` for the account and exactly these other path parameters, to put in the path in
   * place of its token (path-links.ts).
   */
  pathLink(kind: PathLinkKind, staff: StaffAccount, params: Record<string, string>): string;
  /** The signed-in account of a guarded route (401 if the route was not guarded). */
  currentStaff(request: FastifyRequest): StaffPrincipal;
  /** Low-level signing and verification, for tests and tools. */
  tokens: TokenService;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
  }
  interface FastifyRequest {
    /** Set by the access guard on routes of the access policy; `null` elsewhere. */
    staff: StaffPrincipal | null;
  }
}

export interface AuthPluginOptions {
  secret: string;
  /** Defaults to the application's table; tests may pass their own. */
  rules?: readonly AccessRule[];
  /** Roles that must enrol a second factor before most calls (STAFF_2FA_REQUIRED); default none. */
  twoFactorRequired?: readonly StaffRole[];
}

/** Prefixes where a route without a row in the access table is a programming error (fail closed). */
const GUARDED_PREFIXES = [
  `${API_PREFIX}/users/`,
  `${API_PREFIX}/interviews/`,
  `${API_PREFIX}/notifications/`,
];

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Staff authentication and the access table. Every route named in the table gets an `onRequest` guard (so the
 * token and the role are checked before the body is parsed or validated) and the bearer security note in its
 * OpenAPI schema. Must be registered before the routes.
 */
export const authPlugin = fp<AuthPluginOptions>(
  async (app: FastifyInstance, options) => {
    const tokens = createTokenService(options.secret);
    const links = createLinkSigner(options.secret);
    const principals = staffPrincipalRepository(app.db);
    const rules = options.rules ?? ACCESS_POLICY;
    const twoFactorRequired = options.twoFactorRequired ?? [];
    const index = accessIndex(rules);
    const matched = new Set<AccessRule>();

    const principal = (staff: StaffAccount): StaffPrincipal => ({
      ...staff,
      twoFactorEnrolmentDue: !staff.twoFactorEnabled && twoFactorRequired.includes(staff.role),
    });

    async function verifyToken(token: string | undefined): Promise<StaffPrincipal> {
      if (!token) throw new AppError(401, MESSAGES.unauthorized);
      const claims = await tokens.verify(token);
      if (!claims) throw new AppError(401, MESSAGES.sessionInvalid);
      const staff = await principals.findById(claims.staffId);
      if (!staff || claims.issuedAtMs <= staff.credentialsChangedAt.getTime())
        throw new AppError(401, MESSAGES.sessionInvalid);
      return principal(staff);
    }

    /** The account of a path credential: a path link of the rule's kind, or a staff token. */
    async function pathCredential(
      request: FastifyRequest,
      from: NonNullable<AccessRule['tokenFrom']>,
    ): Promise<StaffPrincipal> {
      const { [from.param]: token, ...others } = request.params as Record<string, string | undefined>;
      if (!from.link || !token || !looksLikePathLink(token)) return verifyToken(token);
      const deps = {
        links,
        findAccount: principals.findById,
        audit: (entry: AuditEntry) => recordAudit(app.db, entry),
      };
      return principal(await openPathLink(deps, from.link, token, others, request.ip));
    }

    function guardFor(rule: AccessRule): onRequestHookHandler {
      return async (request) => {
        const staff = rule.tokenFrom
          ? await pathCredential(request, rule.tokenFrom)
          : await verifyToken(bearerToken(request));
        const decision = decideAccess(rule, staff);
        if (decision === 'forbidden') throw new AppError(403, MESSAGES.forbidden);
        if (decision === 'changePasswordFirst') throw new AppError(403, MESSAGES.changePasswordFirst);
        if (decision === 'enrolSecondFactorFirst')
          throw new AppError(403, TWO_FACTOR_MESSAGES.enrolmentRequired);
        request.staff = staff;
      };
    }

    app.decorate('auth', {
      issueToken: (staff) =>
        tokens.sign(staff.id, Math.max(Date.now(), staff.credentialsChangedAt.getTime() + 1)),
      verifyToken,
      pathLink: (kind, staff, params) => signPathLink(links, kind, staff, params),
      currentStaff(request) {
        if (!request.staff) throw new AppError(401, MESSAGES.unauthorized);
        return request.staff;
      },
      tokens,
    } satisfies AuthService);
    app.decorateRequest('staff', null);

    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const found = new Set(methods.map((method) => index.find(method, route.url)));
      if (found.size > 1)
        throw new Error(`${route.url}: one route with several methods needs one access rule`);
      const [rule] = found;
      if (!rule) {
        if (GUARDED_PREFIXES.some((prefix) => route.url.startsWith(prefix)))
          throw new Error(
            `${methods.join(',')} ${route.url} has no row in the access policy (ACCESS_POLICY)`,
          );
        return;
      }
      matched.add(rule);
      if (rule.allow === 'public') return;
      const existing = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [guardFor(rule), ...existing];
      if (!rule.tokenFrom) route.schema = { ...route.schema, security: [{ bearer: [] }] };
    });

    app.addHook('onReady', async () => {
      const missing = rules.filter((rule) => !matched.has(rule));
      if (missing.length > 0)
        throw new Error(
          `access policy rows without a route: ${missing.map((r) => `${r.method} ${r.url}`).join(', ')}`,
        );
    });
  },
  { name: 'portal-staff-auth', decorators: { fastify: ['db'] } },
);
