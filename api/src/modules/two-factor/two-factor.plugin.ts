import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { recordAudit } from '../../db/audit-trail.js';
import { loginThrottle } from '../sign-in-throttle/index.js';
import { twoFactorRepository } from './two-factor.repository.js';
import { totpSecretSealer } from './two-factor.rules.js';
import { type TwoFactorService, twoFactorService } from './two-factor.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The staff second factor: its own calls, and the code step of the sign-in (users module). */
    twoFactor: TwoFactorService;
  }
}

/** Registered before the routes: the sign-in (users) and the factor's own calls share one service. */
export const twoFactorPlugin = fp<{ secret: string }>(
  async (app: FastifyInstance, options) => {
    app.decorate(
      'twoFactor',
      twoFactorService({
        repository: twoFactorRepository(app.db),
        sealer: totpSecretSealer(options.secret),
        throttle: loginThrottle(app.db),
        audit: (entry, tx) => recordAudit(tx ?? app.db, entry),
        issuer: app.config.branding.universityName,
      }),
    );
  },
  { name: 'portal-two-factor', decorators: { fastify: ['db', 'config'] } },
);
