import { describe, expect, it } from 'vitest';
import { ACCESS_POLICY, type AccessRule, decideAccess } from './access-policy.js';

const staffRule: AccessRule = { method: 'GET', url: '/x', allow: 'staff' };
const enrolRule: AccessRule = {
  method: 'POST',
  url: '/y',
  allow: 'staff',
  beforePasswordChange: true,
  beforeTwoFactorEnrolment: true,
};
const superAdminRule: AccessRule = { method: 'GET', url: '/z', allow: ['SUPERADMIN'] };

describe('decideAccess and the forced second-factor enrolment (issue 20)', () => {
  it('holds an account that must enrol to the calls allowed before enrolment', () => {
    const due = { role: 'SUPPORT', passwordChanged: true, twoFactorEnrolmentDue: true } as const;
    expect(decideAccess(staffRule, due)).toBe('enrolSecondFactorFirst');
    expect(decideAccess(enrolRule, due)).toBe('allowed');
  });

  it('lets an account that need not enrol (or has) through as before', () => {
    for (const twoFactorEnrolmentDue of [false, undefined]) {
      const staff = { role: 'SUPPORT', passwordChanged: true, twoFactorEnrolmentDue } as const;
      expect(decideAccess(staffRule, staff)).toBe('allowed');
      expect(decideAccess(enrolRule, staff)).toBe('allowed');
    }
  });

  it('still refuses a role the rule does not name, before any enrolment question', () => {
    expect(
      decideAccess(superAdminRule, { role: 'SUPPORT', passwordChanged: true, twoFactorEnrolmentDue: true }),
    ).toBe('forbidden');
  });

  it('asks for the password change first, then the enrolment', () => {
    const fresh = { role: 'SUPERADMIN', passwordChanged: false, twoFactorEnrolmentDue: true } as const;
    expect(decideAccess(superAdminRule, fresh)).toBe('changePasswordFirst');
    expect(decideAccess(enrolRule, fresh)).toBe('allowed');
    expect(decideAccess({ ...staffRule, beforePasswordChange: true }, fresh)).toBe('enrolSecondFactorFirst');
  });

  it('allows before enrolment exactly the calls that lead to it: role, own account, password, enrol, sign out', () => {
    const allowed = ACCESS_POLICY.filter((rule) => rule.beforeTwoFactorEnrolment).map(
      (rule) => `${rule.method} ${rule.url}`,
    );
    expect(allowed.sort()).toEqual(
      [
        'GET /users/getRole',
        'GET /users/getMe',
        'PATCH /users/updateMyPassword',
        'POST /users/twoFactor/setup',
        'POST /users/twoFactor/enable',
        'POST /users/signOutEverywhere',
      ].sort(),
    );
  });
});
