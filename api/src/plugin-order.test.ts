import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { authPlugin } from './modules/auth/auth.plugin.js';
import { orphanImageSweep } from './modules/complete-data/orphan-image-sweep.plugin.js';
import { contentPlugin } from './modules/content/content.plugin.js';
import { lookupGuardPlugin } from './modules/lookup-guard/lookup-guard.plugin.js';
import { notificationsPlugin } from './modules/notifications/notifications.plugin.js';
import { stagedUploadsPlugin } from './modules/staged-uploads/staged-uploads.plugin.js';
import { twoFactorPlugin } from './modules/two-factor/two-factor.plugin.js';
import { pdfPlugin } from './pdf/pdf.plugin.js';
import { overloadProtection } from './plugins/overload.js';
import { securityHeaders } from './plugins/security-headers.js';

const SECRET = 'plugin-order-secret-that-is-long-enough-0000';
const LIMITS = {
  maxEventLoopDelayMs: 0,
  maxEventLoopUtilization: 0,
  maxHeapBytes: 0,
  maxRssBytes: 0,
  maxInFlight: 0,
  retryAfterSeconds: 1,
};

interface Needs {
  /** The plugin's name, as fastify-plugin declares it. */
  name: string;
  register(app: FastifyInstance): void;
  /** What buildApp decorates the app with itself (`app.db`, `app.config`) that the plugin reads. */
  decorators: string[];
  /** The portal's plugins it must be registered after. */
  dependencies: string[];
}

/** Each plugin of buildApp that needs something registered before it, and what. */
const PLUGINS: Needs[] = [
  {
    name: 'portal-overload-protection',
    register: (app) => app.register(overloadProtection, { limits: LIMITS }),
    decorators: [],
    dependencies: ['portal-metrics', 'portal-security-headers'],
  },
  {
    name: 'portal-security-headers',
    register: (app) => app.register(securityHeaders),
    decorators: ['config'],
    dependencies: [],
  },
  {
    name: 'portal-staged-uploads',
    register: (app) => app.register(stagedUploadsPlugin, {}),
    decorators: ['db', 'config'],
    dependencies: [],
  },
  {
    name: 'portal-notifications',
    register: (app) => app.register(notificationsPlugin),
    decorators: ['db', 'config'],
    dependencies: ['portal-storage'],
  },
  {
    name: 'portal-lookup-guard',
    register: (app) => app.register(lookupGuardPlugin, { secret: SECRET }),
    decorators: ['db', 'config'],
    dependencies: ['portal-redis'],
  },
  {
    name: 'portal-staff-auth',
    register: (app) => app.register(authPlugin, { secret: SECRET }),
    decorators: ['db'],
    dependencies: [],
  },
  {
    name: 'portal-two-factor',
    register: (app) => app.register(twoFactorPlugin, { secret: SECRET }),
    decorators: ['db', 'config'],
    dependencies: [],
  },
  {
    name: 'portal-pdf',
    register: (app) => app.register(pdfPlugin),
    decorators: ['config'],
    dependencies: [],
  },
  {
    name: 'portal-content',
    register: (app) => app.register(contentPlugin),
    decorators: ['db'],
    dependencies: [],
  },
  {
    name: 'portal-orphan-image-sweep',
    register: (app) => app.register(orphanImageSweep),
    decorators: ['db'],
    dependencies: ['portal-storage', 'portal-staged-uploads'],
  },
];

/** A stand-in for one of the portal's plugins: the checks at start look at its name only. */
const standIn = (name: string) => fp(async () => {}, { name });

/**
 * Starts a bare app with the plugin's needs except `missing`, then the plugin. The decorations are empty objects:
 * a plugin whose declarations hold is refused before it reads them.
 */
async function startWithout(plugin: Needs, missing: string) {
  const app = Fastify();
  for (const decorator of plugin.decorators) if (decorator !== missing) app.decorate(decorator, {});
  for (const dependency of plugin.dependencies) if (dependency !== missing) app.register(standIn(dependency));
  plugin.register(app);
  try {
    await app.ready();
  } finally {
    await app.close().catch(() => undefined);
  }
}

describe('the order of the plugins', () => {
  it.each(
    PLUGINS.flatMap((plugin) =>
      plugin.dependencies.map((dependency) => [plugin.name, dependency, plugin] as const),
    ),
  )('%s registered before %s stops the start', async (name, dependency, plugin) => {
    await expect(startWithout(plugin, dependency)).rejects.toMatchObject({
      code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED',
      message: `The dependency '${dependency}' of plugin '${name}' is not registered`,
    });
  });

  it.each(
    PLUGINS.flatMap((plugin) =>
      plugin.decorators.map((decorator) => [plugin.name, decorator, plugin] as const),
    ),
  )('%s on an app without app.%s stops the start', async (name, decorator, plugin) => {
    await expect(startWithout(plugin, decorator)).rejects.toMatchObject({
      code: 'FST_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE',
      message: `The decorator '${decorator}' required by '${name}' is not present in Fastify`,
    });
  });
});
