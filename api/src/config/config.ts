import { isIP } from 'node:net';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { DEFAULT_INTERVIEW_WEEKEND_DAYS, STAFF_ROLES, type StaffRole } from '@portal/common';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const flag = z.enum(['0', '1']).transform((value) => value === '1');
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** Whether `Intl` knows the time zone (an IANA name such as `Africa/Cairo`). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The names proxy-addr (Fastify's `trustProxy`) gives whole ranges: 127.0.0.0/8 and ::1, fe80::/10 …, fc00::/7 …. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** An IPv4 or IPv6 address, optionally with a `/prefix`, or one of proxy-addr's named ranges. */
function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * `0`: no proxy; `1`: every hop is trusted (today's meaning, kept: the client address is the first one in
 * X-Forwarded-For, which a client can write itself unless the proxy replaces the header); otherwise the proxies'
 * addresses and ranges, comma-separated: only hops from those are trusted, so the client address is the first
 * one reached from the right that is not a trusted proxy.
 */
const trustProxy = z
  .string()
  .trim()
  .default('0')
  .transform((value, ctx): boolean | string[] => {
    if (value === '0' || value === '') return false;
    if (value === '1') return true;
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isAddressOrRange(entry));
    if (bad.length === 0) return entries;
    ctx.addIssue({
      code: 'custom',
      message: `must be 0, 1, or proxy addresses and CIDR ranges separated by commas (not ${bad.join(', ')})`,
    });
    return z.NEVER;
  });

const MB = 1024 * 1024;
/**
 * Mean event-loop delay (over a 1 s sample) past which new requests are refused. A saturated instance serving
 * 1,000 keep-alive connections stays below it; only a backlog the process cannot work off reaches it.
 */
const DEFAULT_MAX_EVENT_LOOP_DELAY_MS = 500;
/**
 * API requests one process may have in flight before it refuses new ones (plugins/overload.ts). Above the 1,000
 * connections of the normal-load benchmark, which must not be refused; at the 2,000+ logins/s one instance serves
 * here it is about half a second of queue (bench/overload.mjs).
 */
const DEFAULT_MAX_IN_FLIGHT = 1200;
/** Heap limit by default: 90 % of what V8 may grow to, so requests are refused before the process dies of it. */
const DEFAULT_HEAP_SHARE = 0.9;

/**
 * Unknown national IDs a minute, across every address, past which each lookup must carry a solved proof-of-work
 * (docs/decisions/0018-lookup-proof-of-work.md): well above the typing mistakes of a results day's busiest minute.
 */
const DEFAULT_LOOKUP_POW_THRESHOLD = 300;

const socialLinksSchema = z.array(
  z.object({
    label: z.string().min(1),
    url: z.url({ protocol: /^https?$/ }),
    icon: z.enum(['facebook', 'x', 'youtube', 'instagram', 'linkedin', 'website']),
  }),
);

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
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(DEFAULT_MAX_EVENT_LOOP_DELAY_MS),
    OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
    OVERLOAD_MAX_HEAP_MB: z.coerce.number().int().min(0).optional(),
    OVERLOAD_MAX_RSS_MB: z.coerce.number().int().min(0).default(0),
    OVERLOAD_MAX_IN_FLIGHT: z.coerce.number().int().min(0).default(DEFAULT_MAX_IN_FLIGHT),
    OVERLOAD_RETRY_AFTER_S: z.coerce.number().int().min(1).max(3600).default(5),
    METRICS_TOKEN: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    REDIS_URL: optionalText.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
        .optional(),
    ),
    S3_BUCKET: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 of a-z, 0-9, ., -)')
        .optional(),
    ),
    S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    S3_REGION: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: flag.default(false),
    S3_PREFIX: optionalText.pipe(
      z
        .string()
        .regex(
          /^([A-Za-z0-9][A-Za-z0-9._-]*\/)*[A-Za-z0-9][A-Za-z0-9._-]*\/?$/,
          'must look like portal/ or a/b/',
        )
        .optional(),
    ),
    UNIVERSITY_NAME: z.string().min(1).default('الجامعة'),
    UNIVERSITY_NAME_EN: z.string().min(1).default('The University'),
    COPYRIGHT_HOLDER: z.string().min(1).default('مركز الاتصالات وتكنولوجيا المعلومات بالجامعة'),
    ACADEMIC_YEAR: z
      .string()
      .regex(/^\d{4}\/\d{4}$/, 'must look like 2026/2027')
      .optional(),
    LOGO_FILE: optionalText,
    SOCIAL_LINKS: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (!value?.trim()) return [];
        try {
          return JSON.parse(value) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be a JSON array' });
          return z.NEVER;
        }
      })
      .pipe(socialLinksSchema),
    UNIVERSITY_TIMEZONE: z
      .string()
      .trim()
      .default('Africa/Cairo')
      .refine(isTimeZone, 'must be an IANA time zone such as Africa/Cairo'),
    INTERVIEW_WEEKEND_DAYS: z
      .string()
      .trim()
      .optional()
      .transform((value, ctx) => {
        if (!value) return [...DEFAULT_INTERVIEW_WEEKEND_DAYS];
        if (value === 'none') return [];
        const days = value.split(',').map((day) => day.trim());
        if (!days.every((day) => /^[0-6]$/.test(day))) {
          ctx.addIssue({
            code: 'custom',
            message: "must be days 0-6 (0 = Sunday) separated by commas, or 'none'",
          });
          return z.NEVER;
        }
        return [...new Set(days.map(Number))].sort((a, b) => a - b);
      }),
    INTERVIEW_RESULT_VISIBLE: flag.default(false),
    STAFF_2FA_REQUIRED: z
      .string()
      .trim()
      // Every role reads identity documents (ADMIN and SOCIAL_ADMIN a whole faculty's): all must have a factor.
      .default(STAFF_ROLES.join(','))
      .transform((value, ctx) => {
        if (value === '' || value === 'none') return [];
        const roles = value.split(',').map((role) => role.trim());
        if (!roles.every((role) => (STAFF_ROLES as readonly string[]).includes(role))) {
          ctx.addIssue({
            code: 'custom',
            message: `must be roles among ${STAFF_ROLES.join(',')}, or 'none'`,
          });
          return z.NEVER;
        }
        return [...new Set(roles as StaffRole[])];
      }),
    STUDENT_SECOND_FACTOR: z.enum(['off', 'seatNo']).default('off'),
    // Default chosen below from the channels: a code where one can be sent, else the seat number.
    STUDENT_STEP_UP: optionalText.pipe(z.enum(['code', 'seatNo', 'off']).optional()),
    PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    MAIL_FROM: optionalText,
    SMS_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    SMS_METHOD: z.enum(['GET', 'POST', 'PUT']).default('POST'),
    SMS_HEADERS: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (!value?.trim()) return {};
        try {
          return JSON.parse(value) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be a JSON object of header names to values' });
          return z.NEVER;
        }
      })
      .pipe(z.record(z.string(), z.string(), { error: 'must be a JSON object of header names to values' })),
    SMS_BODY_TEMPLATE: optionalText,
    SMS_RATE_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(10),
    NOTIFICATION_WORKERS: flag.default(true),
    NOTIFICATION_RETRY_DELAY_S: z.coerce.number().int().min(1).max(86_400).default(450),
    NOTIFICATION_EXPIRE_S: z.coerce.number().int().min(5).max(3600).default(120),
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

/** An S3-compatible object store for the students' images (S3_BUCKET set); see storage/s3-storage.ts. */
export interface S3Config {
  bucket: string;
  /** `https://…` of an S3-compatible service; unset: AWS S3 of the region. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the AWS SDK's default credential chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Bucket in the path (`endpoint/bucket/key`) rather than in the host name; most self-hosted stores need it. */
  forcePathStyle: boolean;
  /** Prepended to every key, ending in '/', or ''; lets several portals share a bucket. */
  prefix: string;
}

/**
 * E-mail and SMS to students (issue 17). A channel left unset records its messages as `skipped`. The SMS gateway
 * is any HTTP API: `{{phone}}`, `{{text}}` and `{{key}}` (the message's idempotency key) are replaced in the URL
 * and body template (URL-encoded in the URL, JSON-escaped in a body that is JSON).
 */
export interface NotificationsConfig {
  /** The portal's address as students reach it, for links in messages, e.g. `https://admission.example.edu`. */
  publicUrl: string;
  email: { url: string; from: string } | undefined;
  sms:
    | {
        url: string;
        method: 'GET' | 'POST' | 'PUT';
        headers: Record<string, string>;
        bodyTemplate: string | undefined;
        ratePerSecond: number;
      }
    | undefined;
  /** Whether this instance delivers messages (runs the queue's workers); every instance queues them. */
  workers: boolean;
  /** First retry after about this many seconds, doubling: 8 tries span about a day at the default 450. */
  retryDelaySeconds: number;
  /** A try running longer than this (an instance that died mid-send) is retried. */
  expireSeconds: number;
}

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
  overload: {
    maxEventLoopDelayMs: number;
    maxEventLoopUtilization: number;
    maxHeapBytes: number;
    maxRssBytes: number;
    maxInFlight: number;
    retryAfterSeconds: number;
  };
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
  branding: {
    universityName: string;
    universityNameEn: string;
    copyrightHolder: string;
    academicYear: string;
    logoFile: string | undefined;
    socialLinks: z.infer<typeof socialLinksSchema>;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The academic year that starts in the autumn of the current admission season. */
export function defaultAcademicYear(now: Date): string {
  const start = now.getMonth() >= 6 ? now.getFullYear() : now.getFullYear() - 1;
  return `${start}/${start + 1}`;
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
    overload: {
      maxEventLoopDelayMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      maxEventLoopUtilization: e.OVERLOAD_MAX_EVENT_LOOP_UTILIZATION,
      maxHeapBytes:
        e.OVERLOAD_MAX_HEAP_MB === undefined
          ? Math.floor(getHeapStatistics().heap_size_limit * DEFAULT_HEAP_SHARE)
          : e.OVERLOAD_MAX_HEAP_MB * MB,
      maxRssBytes: e.OVERLOAD_MAX_RSS_MB * MB,
      maxInFlight: e.OVERLOAD_MAX_IN_FLIGHT,
      retryAfterSeconds: e.OVERLOAD_RETRY_AFTER_S,
    },
    metricsToken: e.METRICS_TOKEN,
    redisUrl: e.REDIS_URL,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION ?? 'us-east-1',
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          prefix: e.S3_PREFIX ? e.S3_PREFIX.replace(/\/?$/, '/') : '',
        }
      : undefined,
    universityTimeZone: e.UNIVERSITY_TIMEZONE,
    interviewWeekendDays: e.INTERVIEW_WEEKEND_DAYS,
    interviewResultVisible: e.INTERVIEW_RESULT_VISIBLE,
    notifications: {
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      email: e.SMTP_URL && e.MAIL_FROM ? { url: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
      sms: e.SMS_URL
        ? {
            url: e.SMS_URL,
            method: e.SMS_METHOD,
            headers: e.SMS_HEADERS,
            bodyTemplate: e.SMS_BODY_TEMPLATE,
            ratePerSecond: e.SMS_RATE_PER_SECOND,
          }
        : undefined,
      workers: e.NOTIFICATION_WORKERS,
      retryDelaySeconds: e.NOTIFICATION_RETRY_DELAY_S,
      expireSeconds: e.NOTIFICATION_EXPIRE_S,
    },
    retentionDays: e.RETENTION_DAYS,
    staffTwoFactorRequired: e.STAFF_2FA_REQUIRED,
    studentSecondFactor: e.STUDENT_SECOND_FACTOR,
    studentStepUp: e.STUDENT_STEP_UP ?? (e.SMTP_URL || e.SMS_URL ? 'code' : 'seatNo'),
    branding: {
      universityName: e.UNIVERSITY_NAME,
      universityNameEn: e.UNIVERSITY_NAME_EN,
      copyrightHolder: e.COPYRIGHT_HOLDER,
      academicYear: e.ACADEMIC_YEAR ?? defaultAcademicYear(now),
      logoFile: e.LOGO_FILE ? path.resolve(e.LOGO_FILE) : undefined,
      socialLinks: e.SOCIAL_LINKS,
    },
  };
}
