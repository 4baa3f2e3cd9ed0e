import { STAFF_ROLES } from '@portal/common';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/auth-helpers.js';
import { createTestApp, TEST_SECRET } from '../../../test/test-app.js';
import { totpCode } from '../../../test/two-factor.js';
import { totpFactorMaker } from '../../modules/two-factor/two-factor.rules.js';
import { DEMO_STAFF_PASSWORD, seedDemoData } from './demo-data.js';

/**
 * Issue 33, finding 11: every staff role must have a second factor by default, and the demo staff keep working:
 * the seed turns their factor on and shows each secret once, for an authenticator app.
 */
const { app, database } = await createTestApp({ STAFF_2FA_REQUIRED: STAFF_ROLES.join(',') });
const DEMO_USERS = ['support', 'commerce', 'social'];

async function seed(requiredRoles: readonly (typeof STAFF_ROLES)[number][]) {
  const lines: string[] = [];
  await seedDemoData(
    database.db,
    { info: (line) => lines.push(line) },
    { requiredRoles, newFactor: totpFactorMaker(TEST_SECRET, 'جامعة العرض') },
  );
  return lines;
}

const post = (url: string, payload: object, remoteAddress = '10.33.11.1') =>
  app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress });

describe('demo staff with the default STAFF_2FA_REQUIRED', () => {
  it('have a second factor on, whose secret the log shows once, and sign in with it', async () => {
    const lines = await seed(STAFF_ROLES);
    const shown = lines.filter((line) => line.includes('otpauth://'));
    expect(shown).toHaveLength(1);
    for (const userName of DEMO_USERS) {
      const match = shown[0]?.match(new RegExp(`${userName}: secret (\\w+), (otpauth://\\S+?)(?:;|$)`));
      expect(match, userName).not.toBeNull();
      const [, secret = '', link = ''] = match ?? [];
      expect(new URL(link).searchParams.get('secret')).toBe(secret);

      const login = await post('/users/login', { userName, password: DEMO_STAFF_PASSWORD });
      expect(login.statusCode, login.body).toBe(200);
      const { challenge } = login.json<{ challenge: string }>();
      const verified = await post('/users/login/verify', { challenge, code: await totpCode(secret) });
      expect(verified.statusCode, verified.body).toBe(200);
      const me = await app.inject({
        method: 'GET',
        url: '/api/v1/users/getMe',
        headers: bearer(verified.json<{ token: string }>().token),
      });
      // Enrolled already: the screens open at once, no enrolment is asked.
      expect(me.json().data.user).toMatchObject({ twoFactorEnabled: true, twoFactorRequired: false });
    }
    // Seeding again (not a fresh database) shows no secret and changes no factor.
    const before = await database.db.execute(
      sql`SELECT user_name, two_factor_secret FROM staff_users ORDER BY 1`,
    );
    expect((await seed(STAFF_ROLES)).some((line) => line.includes('otpauth://'))).toBe(false);
    const after = await database.db.execute(
      sql`SELECT user_name, two_factor_secret FROM staff_users ORDER BY 1`,
    );
    expect(after.rows).toEqual(before.rows);
  });
});

describe('demo staff when no role must have a second factor (the browser tests)', async () => {
  const { app: plain, database: plainDb } = await createTestApp({ STAFF_2FA_REQUIRED: 'none' });
  it('sign in with the password alone, and no secret is shown', async () => {
    const lines: string[] = [];
    await seedDemoData(
      plainDb.db,
      { info: (line) => lines.push(line) },
      { requiredRoles: [], newFactor: totpFactorMaker(TEST_SECRET, 'جامعة العرض') },
    );
    expect(lines.some((line) => line.includes('otpauth://'))).toBe(false);
    const login = await plain.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { userName: 'commerce', password: DEMO_STAFF_PASSWORD },
      remoteAddress: '10.33.11.2',
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().token).toEqual(expect.any(String));
  });
});
