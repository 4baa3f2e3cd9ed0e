import { z } from 'zod';
import { flag, optionalText } from './env-values.js';

/** E-mail, SMS and their delivery, from `SMTP_*`, `SMS_*` and `NOTIFICATION_*`. */
export const notificationsEnv = {
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
};

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

/** The notifications settings; links in messages default to this instance on `port`. */
export function notificationsConfig(
  e: z.output<z.ZodObject<typeof notificationsEnv>>,
  port: number,
): NotificationsConfig {
  return {
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
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
  };
}
