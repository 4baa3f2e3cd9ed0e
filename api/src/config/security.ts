import { isIP } from 'node:net';
import { STAFF_ROLES, type StaffRole } from '@portal/common';
import { z } from 'zod';
import { optionalText } from './env-values.js';

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
export const trustProxy = z
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

/** The second factors of staff and students, and what opens a student's own data (issue 20, issue 33). */
export const secondFactorEnv = {
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
  // Default chosen by loadConfig from the channels: a code where one can be sent, else the seat number.
  STUDENT_STEP_UP: optionalText.pipe(z.enum(['code', 'seatNo', 'off']).optional()),
};
