import cookie from '@fastify/cookie';
import { JSON_BODY_LIMIT_BYTES } from '@portal/common';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/config.js';
import { type Database, poolOf } from './db/pool.js';
import { COOKIE_OPTIONS } from './lib/cookie-encoding.js';
import { redisPlugin } from './lib/redis.js';
import { lazyChildLogger } from './logger.js';
import { additionalQuestionsRoutes } from './modules/additional-questions/additional-questions.routes.js';
import { questionnaireContentRoutes } from './modules/additional-questions/questionnaire-content.routes.js';
import { appointmentCalendarRoutes } from './modules/appointment-calendar/index.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { authPlugin } from './modules/auth/auth.plugin.js';
import { brandingRoutes } from './modules/branding/branding.routes.js';
import { charterRoutes } from './modules/charter/charter.routes.js';
import { charterContentRoutes } from './modules/charter/charter-content.routes.js';
import { collegesRoutes } from './modules/colleges/colleges.routes.js';
import { completeDataRoutes } from './modules/complete-data/complete-data.routes.js';
import { contentPlugin } from './modules/content/content.plugin.js';
import { documentReviewRoutes } from './modules/document-review/document-review.routes.js';
import { exportsRoutes } from './modules/exports/exports.routes.js';
import { formsRoutes } from './modules/forms/forms.routes.js';
import { funnelRoutes } from './modules/funnel/funnel.routes.js';
import { isStopping } from './modules/health/graceful-stop.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { importsRoutes } from './modules/imports/imports.routes.js';
import { interviewsRoutes } from './modules/interviews/interviews.routes.js';
import { lookupGuardPlugin } from './modules/lookup-guard/lookup-guard.plugin.js';
import { myDataRoutes } from './modules/my-data/my-data.routes.js';
import { notificationsPlugin } from './modules/notifications/notifications.plugin.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { quizRoutes } from './modules/quiz/quiz.routes.js';
import { quizBankRoutes } from './modules/quiz/quiz-bank.routes.js';
import { schedulingRoutes } from './modules/scheduling/scheduling.routes.js';
import { seasonsRoutes } from './modules/seasons/seasons.routes.js';
import { staffSessionsRoutes } from './modules/staff-sessions/staff-sessions.routes.js';
import type { StagedUploadStore } from './modules/staged-uploads/staged-upload-store.js';
import { stagedUploadsPlugin } from './modules/staged-uploads/staged-uploads.plugin.js';
import { stagedUploadsRoutes } from './modules/staged-uploads/staged-uploads.routes.js';
import { studentLookupRoutes } from './modules/student-lookup/student-lookup.routes.js';
import { studentRecordsRoutes } from './modules/student-records/student-records.routes.js';
import { studentSessionRoutes } from './modules/student-session/student-session.routes.js';
import { studentStepUpRoutes } from './modules/student-step-up/student-step-up.routes.js';
import { twoFactorPlugin } from './modules/two-factor/two-factor.plugin.js';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { pdfPlugin } from './pdf/pdf.plugin.js';
import { compression } from './plugins/compression.js';
import { errorEnvelope } from './plugins/error-envelope.js';
import { answerFrameworkError, inputGuard } from './plugins/input-guard.js';
import { metricsPlugin } from './plugins/metrics.js';
import { openApi } from './plugins/openapi.js';
import { overloadProtection } from './plugins/overload.js';
import { OneLinePerRequest } from './plugins/request-log.js';
import { responseSerializerCompiler } from './plugins/response-serializer.js';
import { securityHeaders } from './plugins/security-headers.js';
import { DEFAULT_WEB_ROOT, webApp } from './plugins/web-app.js';
import type { ObjectStorage } from './storage/storage.js';
import { storageFromConfig, storagePlugin, uploadStagingDir } from './storage/storage.plugin.js';

export interface AppDeps {
  config: Config;
  db: Database;
  /** Secret that signs cookies and tokens; shared by every instance. */
  secret: string;
  webRoot?: string;
  /** Where request lines and errors are logged (`portalLogger`); none in tests. */
  logger?: FastifyBaseLogger;
  /** Where the students' images are kept; default: from the configuration (S3_BUCKET, else `DATA_DIR/images`). */
  storage?: ObjectStorage;
  /** The store of staged (tus) uploads; unset: the one the configuration names (staging disk or S3). */
  stagedUploadStore?: StagedUploadStore;
  /** Tests: every answer is also encoded by zod, and must read back the same as the compiled serializer's. */
  checkResponses?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
  }
}

/** Builds the whole portal without listening, so tests can drive it through `inject`. */
export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    logController: new OneLinePerRequest(),
    childLoggerFactory: lazyChildLogger,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: deps.config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    return503OnClosing: true,
    // maxParamLength: the schedule print link carries a staff token (about 200 characters) in its path.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 512 },
    // A bad URL or an over-long path parameter is answered by the router itself: give it the error envelope.
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ crossCheck: deps.checkResponses ?? false }));
  app.decorate('db', deps.db);
  app.decorate('config', deps.config);
  // Hooks on every request take a callback rather than being async: an async hook costs a promise and a
  // microtask turn per request (docs/decisions/0010-login-cost.md). One onSend hook for both headers every answer
  // may need: its request id, and `Connection: close` once the instance is stopping (health/graceful-stop.ts).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (isStopping(app)) reply.header('connection', 'close');
    done(null, payload);
  });

  await app.register(errorEnvelope);
  await app.register(inputGuard);
  await app.register(metricsPlugin, { pool: poolOf(deps.db), token: deps.config.metricsToken });
  await app.register(securityHeaders);
  await app.register(compression);
  // Early, so a shed request costs little.
  await app.register(overloadProtection, { limits: deps.config.overload });
  await app.register(cookie, { secret: deps.secret, parseOptions: COOKIE_OPTIONS });
  await app.register(storagePlugin, {
    storage: deps.storage ?? storageFromConfig(deps.config),
    stagingDir: uploadStagingDir(deps.config.dataDir),
  });
  await app.register(stagedUploadsPlugin, deps.stagedUploadStore ? { store: deps.stagedUploadStore } : {});
  await app.register(notificationsPlugin);
  // Shared rate-limit counters when REDIS_URL is set (app.redis, else null).
  await app.register(redisPlugin, { url: deps.config.redisUrl });
  // The student lookup's enumeration guard: its counts in Redis when configured, else in PostgreSQL (decision 18).
  await app.register(lookupGuardPlugin, { secret: deps.secret });
  // Before the routes: guards every route named in the access table (auth/access-policy.ts).
  await app.register(authPlugin, {
    secret: deps.secret,
    twoFactorRequired: deps.config.staffTwoFactorRequired,
  });
  await app.register(twoFactorPlugin, { secret: deps.secret });
  await app.register(openApi);
  await app.register(pdfPlugin);
  await app.register(contentPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(brandingRoutes);
      await api.register(collegesRoutes);
      await api.register(usersRoutes);
      await api.register(staffSessionsRoutes);
      await api.register(twoFactorRoutes);
      await api.register(studentLookupRoutes);
      await api.register(appointmentCalendarRoutes);
      await api.register(charterRoutes);
      await api.register(charterContentRoutes);
      await api.register(completeDataRoutes);
      await api.register(stagedUploadsRoutes);
      await api.register(studentRecordsRoutes);
      await api.register(quizRoutes);
      await api.register(quizBankRoutes);
      await api.register(additionalQuestionsRoutes);
      await api.register(questionnaireContentRoutes);
      await api.register(schedulingRoutes);
      await api.register(importsRoutes, { secret: deps.secret });
      await api.register(exportsRoutes, { secret: deps.secret });
      await api.register(formsRoutes, { secret: deps.secret });
      await api.register(documentReviewRoutes);
      await api.register(interviewsRoutes, { secret: deps.secret });
      await api.register(notificationsRoutes);
      await api.register(auditRoutes, { secret: deps.secret });
      await api.register(myDataRoutes);
      await api.register(studentSessionRoutes);
      await api.register(studentStepUpRoutes, { secret: deps.secret });
      await api.register(seasonsRoutes);
      await api.register(funnelRoutes, { secret: deps.secret, timeZone: deps.config.universityTimeZone });
    },
    { prefix: '/api/v1' },
  );

  await app.register(webApp, {
    root: deps.webRoot ?? DEFAULT_WEB_ROOT,
    studentSecondFactor: deps.config.studentSecondFactor,
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
