import type { NotificationsConfig } from '../../../config/notifications.js';
import { DELIVERY_MESSAGES, DeliveryError, storableText } from '../delivery-messages.js';
import type { SmsRateLimiter } from './sms-rate.js';

export type SmsSettings = NonNullable<NotificationsConfig['sms']>;

/** A gateway that answers nothing within this long has failed the try: it must never hold a worker. */
export const SMS_TIMEOUT_MS = 10_000;
/** The part of a refusal's answer kept as its reason. */
const ANSWER_CHARS = 200;

export interface OutgoingSms {
  phone: string;
  text: string;
  /** The message's idempotency key (the notification id): the same on every try of the message. */
  key: string;
}

export interface SmsRequest {
  url: string;
  method: SmsSettings['method'];
  headers: Headers;
  body: string | undefined;
}

const PLACEHOLDER = /\{\{(phone|text|key)\}\}/g;

function fill(template: string, sms: OutgoingSms, encode: (value: string) => string): string {
  return template.replace(PLACEHOLDER, (_, name: keyof OutgoingSms) => encode(sms[name]));
}

/** Inside a JSON string: the value's own JSON string without its quotes. */
const jsonEscaped = (value: string) => JSON.stringify(value).slice(1, -1);
/** As an HTML form encodes a field (application/x-www-form-urlencoded). */
const formEncoded = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);

/**
 * The gateway request of one SMS: `{{phone}}`, `{{text}}` and `{{key}}` filled into the URL (URL-encoded) and
 * the body template (JSON-escaped when the body is JSON, i.e. starts with `{` or `[`, else form-encoded); the
 * configured headers, plus `Idempotency-Key` and a content type matching the body unless one is configured.
 */
export function smsRequest(settings: SmsSettings, sms: OutgoingSms): SmsRequest {
  const headers = new Headers(settings.headers);
  headers.set('Idempotency-Key', sms.key);
  const template = settings.method === 'GET' ? undefined : settings.bodyTemplate;
  let body: string | undefined;
  if (template !== undefined) {
    const json = /^\s*[[{]/.test(template);
    body = fill(template, sms, json ? jsonEscaped : formEncoded);
    if (!headers.has('content-type'))
      headers.set('content-type', json ? 'application/json' : 'application/x-www-form-urlencoded');
  }
  return { url: fill(settings.url, sms, encodeURIComponent), method: settings.method, headers, body };
}

function reasonOf(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) return DELIVERY_MESSAGES.smsTimeout;
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  const detail = cause?.code ?? cause?.message ?? (error as Error).message;
  return DELIVERY_MESSAGES.smsUnreachable(String(detail));
}

/**
 * SMS through the configured HTTP gateway, within the shared rate cap. Any 2xx answer is a delivery; another
 * status, no answer within SMS_TIMEOUT_MS (or before `signal`, the try's end) or no connection is a
 * `DeliveryError` whose message says so, with the status and the start of the answer.
 */
export function smsChannel(settings: SmsSettings, rate: SmsRateLimiter) {
  return {
    /** Waits for a place in the rate cap; false when the try's time ran out first (nothing was sent). */
    acquire: (signal: AbortSignal) => rate.acquire(signal),

    async send(sms: OutgoingSms, signal: AbortSignal): Promise<void> {
      const request = smsRequest(settings, sms);
      const deadline = AbortSignal.any([AbortSignal.timeout(SMS_TIMEOUT_MS), signal]);
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: deadline,
      }).catch((error: unknown) => {
        throw new DeliveryError(reasonOf(error, deadline));
      });
      if (response.ok) {
        await response.body?.cancel().catch(() => undefined);
        return;
      }
      const answer = await response.text().catch(() => '');
      throw new DeliveryError(
        DELIVERY_MESSAGES.smsRefused(response.status, storableText(answer, ANSWER_CHARS)),
      );
    },
  };
}

export type SmsChannel = ReturnType<typeof smsChannel>;
