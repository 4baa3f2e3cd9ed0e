import path from 'node:path';
import type { StaffRole } from '@portal/common';
import { z } from 'zod';
import { type BrandingConfig, brandingConfig, brandingEnv } from './branding.js';
import { calendarEnv } from './calendar.js';
import { flag, optionalText } from './env-values.js';
import { type NotificationsConfig, notificationsConfig, notificationsEnv } from './notifications.js';
import { type OverloadConfig, overloadConfig, overloadEnv } from './overload.js';
import { secondFactorEnv, trustProxy } from './security.js';
import { type S3Config, s3Config, storageEnv } from './storage.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Unknown national IDs a minute, across every address, past which each lookup must carry a solved proof-of-work
 * (docs/decisions/0018-lookup-proof-of-work.md): well above the typing mistakes of a results day's busiest minute.
 */
const DEFAULT_LOOKUP_POW_THRESHOLD = 300;

// One object, each subject's variables spread in at its place: several bad variables are reported in this order.
const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    DATABASE_MIGRATION_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    SUPERADMIN_USERNAME: optionalText.pipe(z.string().min(5, 'must be at least 5 characters').optional()),
    SUPERADMIN_PASSWORD: optionalText.pipe(
      z
        .string()
        .min(8, 'must be at least 8 characters')
        .regex(/[A-Za-z]/, 'must contain a letter')
        .regex(/\d/, 'must contain a digit')
        .optional(),
    ),
    DEMO_DATA: flag.optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    TRUST_PROXY: trustProxy,
    STUDENT_LOOKUP_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
    STUDENT_LOOKUP_IPV6_PREFIX: z.coerce.number().int().min(16).max(128).default(64),
    STUDENT_LOOKUP_POW_THRESHOLD: z.coerce.number().int().min(0).default(DEFAULT_LOOKUP_POW_THRESHOLD),
    ...overloadEnv,
    METRICS_TOKEN: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    REDIS_URL: optionalText.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
        .optional(),
    ),
    ...storageEnv,
    ...brandingEnv,
    ...calendarEnv,
    ...secondFactorEnv,
    ...notificationsEnv,
    // Spelled out rather than coerced: an empty value would coerce to 0, which silently keeps images forever.
    RETENTION_DAYS: z
      .string()
      .regex(/^\d{1,5}$/, { error: 'must be a whole number of days (0 keeps the images forever)' })
      .default('365')
      .transform(Number),
  })
  .refine((env) => !env.DATABASE_MIGRATION_URL || Boolean(env.DATABASE_URL), {
    message: 'needs DATABASE_URL, the role the portal serves as',
    path: ['DATABASE_MIGRATION_URL'],
  })
  .refine((env) => Boolean(env.SUPERADMIN_USERNAME) === Boolean(env.SUPERADMIN_PASSWORD), {
    message: 'SUPERADMIN_USERNAME and SUPERADMIN_PASSWORD must be set together',
    path: ['SUPERADMIN_PASSWORD'],
  })
  .refine((env) => Boolean(env.S3_ACCESS_KEY_ID) === Boolean(env.S3_SECRET_ACCESS_KEY), {
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    path: ['S3_SECRET_ACCESS_KEY'],
  })
  .refine((env) => !env.SMTP_URL || Boolean(env.MAIL_FROM), {
    message: 'is required when SMTP_URL is set',
    path: ['MAIL_FROM'],
  })
  .refine((env) => !env.SMS_URL || Boolean(env.SMS_BODY_TEMPLATE) || env.SMS_METHOD === 'GET', {
    message: 'is required when SMS_URL is set (unless SMS_METHOD is GET)',
    path: ['SMS_BODY_TEMPLATE'],
  })
  .refine(
    (env) =>
      Boolean(env.S3_BUCKET) ||
      !(env.S3_ENDPOINT || env.S3_REGION || env.S3_ACCESS_KEY_ID || env.S3_PREFIX || env.S3_FORCE_PATH_STYLE),
    { message: 'is required when other S3_ variables are set', path: ['S3_BUCKET'] },
  );

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The owner role's connection (migrations, grants, console commands); unset: DATABASE_URL does all. */
  databaseMigrationUrl: string | undefined;
  jwtSecret: string | undefined;
  superAdmin: { userName: string; password: string } | undefined;
  demoData: boolean | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Fastify's `trustProxy`: true trusts every hop, a list only hops from those addresses and ranges. */
  trustProxy: boolean | string[];
  studentLookupRateLimit: number;
  /** IPv6 clients of the lookup limit are counted by this many leading bits (their /64 by default). */
  studentLookupIpv6Prefix: number;
  /** Unknown national IDs a minute (all addresses) past which every lookup needs a solved proof-of-work. */
  studentLookupPowThreshold: number;
  /** Past any of these limits new requests are answered 503 with Retry-After (plugins/overload.ts); 0 = off. */
  overload: OverloadConfig;
  /** Besides loopback, `/api/v1/metrics` answers a request carrying `Authorization: Bearer <this>`; unset: loopback only. */
  metricsToken: string | undefined;
  /** Redis shared by every instance for rate limits; unset: each process counts in its own memory. */
  redisUrl: string | undefined;
  /** Where images live: an S3-compatible store, or (unset) the local disk under `DATA_DIR/images`. */
  s3: S3Config | undefined;
  /** The university's IANA time zone: 'today' and weekdays of interview scheduling are reckoned in it. */
  universityTimeZone: string;
  /** Days without interviews, 0 = Sunday … 6 = Saturday (default Friday and Saturday). */
  interviewWeekendDays: readonly number[];
  /** Whether a student sees the committee's interview decision once saved (default: no). */
  interviewResultVisible: boolean;
  /** Notifications to students (issue 17): channels, delivery workers and retries. */
  notifications: NotificationsConfig;
  /** Whole days after a season closes until its images are deleted (issue 21); 0 keeps them forever. */
  retentionDays: number;
  /** Staff roles that must enrol a second factor before any other screen opens (issue 20). */
  staffTwoFactorRequired: readonly StaffRole[];
  /** `seatNo`: a student logs in with the national ID and the seat number of the imported list (issue 20). */
  studentSecondFactor: 'off' | 'seatNo';
  /**
   * What opens the own-data zip and the document images beside the session (issue 33): a code sent to the
   * contacts on record, the seat number, or nothing.
   */
  studentStepUp: 'code' | 'seatNo' | 'off';
  branding: BrandingConfig;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv, now = new Date()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseMigrationUrl: e.DATABASE_MIGRATION_URL,
    jwtSecret: e.JWT_SECRET,
    superAdmin:
      e.SUPERADMIN_USERNAME && e.SUPERADMIN_PASSWORD
        ? { userName: e.SUPERADMIN_USERNAME, password: e.SUPERADMIN_PASSWORD }
        : undefined,
    demoData: e.DEMO_DATA,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    studentLookupRateLimit: e.STUDENT_LOOKUP_RATE_LIMIT,
    studentLookupIpv6Prefix: e.STUDENT_LOOKUP_IPV6_PREFIX,
    studentLookupPowThreshold: e.STUDENT_LOOKUP_POW_THRESHOLD,
    overload: overloadConfig(e),
    metricsToken: e.METRICS_TOKEN,
    redisUrl: e.REDIS_URL,
    s3: s3Config(e),
    universityTimeZone: e.UNIVERSITY_TIMEZONE,
    interviewWeekendDays: e.INTERVIEW_WEEKEND_DAYS,
    interviewResultVisible: e.INTERVIEW_RESULT_VISIBLE,
    notifications: notificationsConfig(e, e.PORT),
    retentionDays: e.RETENTION_DAYS,
    staffTwoFactorRequired: e.STAFF_2FA_REQUIRED,
    studentSecondFactor: e.STUDENT_SECOND_FACTOR,
    studentStepUp: e.STUDENT_STEP_UP ?? (e.SMTP_URL || e.SMS_URL ? 'code' : 'seatNo'),
    branding: brandingConfig(e, now),
  };
}
