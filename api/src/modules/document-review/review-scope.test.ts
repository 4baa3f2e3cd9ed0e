import { REVIEW_MESSAGES, STAFF_ROLES, type StaffRole } from '@portal/common';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { assertStudentInScope, reviewScopeIncludes, type ScopeCollege } from './review-scope.js';

const COMMERCE: ScopeCollege = { id: 'commerce', socialWork: false };
const ENGINEERING: ScopeCollege = { id: 'engineering', socialWork: false };
const SOCIAL_WORK: ScopeCollege = { id: 'social-work', socialWork: true };
const COLLEGES = { COMMERCE, ENGINEERING, SOCIAL_WORK };

/** Each role bound (or not) to the commerce college, as accounts are stored. */
const staffOf = (role: StaffRole) => ({ role, collegeId: role === 'ADMIN' ? COMMERCE.id : null });

const EXPECTED: Record<StaffRole, Record<keyof typeof COLLEGES, boolean>> = {
  SUPERADMIN: { COMMERCE: true, ENGINEERING: true, SOCIAL_WORK: true },
  SUPPORT: { COMMERCE: true, ENGINEERING: true, SOCIAL_WORK: true },
  ADMIN: { COMMERCE: true, ENGINEERING: false, SOCIAL_WORK: false },
  SOCIAL_ADMIN: { COMMERCE: false, ENGINEERING: false, SOCIAL_WORK: true },
};

describe('reviewScopeIncludes', () => {
  it('gives each role exactly the students of issue 16', () => {
    const actual = Object.fromEntries(
      STAFF_ROLES.map((role) => [
        role,
        Object.fromEntries(
          Object.entries(COLLEGES).map(([name, college]) => [
            name,
            reviewScopeIncludes(staffOf(role), college),
          ]),
        ),
      ]),
    );
    expect(actual).toEqual(EXPECTED);
  });

  it("lets a faculty ADMIN of a social-work college review that college's students", () => {
    expect(reviewScopeIncludes({ role: 'ADMIN', collegeId: SOCIAL_WORK.id }, SOCIAL_WORK)).toBe(true);
  });

  it('refuses an ADMIN without a college (a broken account) every student', () => {
    for (const college of Object.values(COLLEGES))
      expect(reviewScopeIncludes({ role: 'ADMIN', collegeId: null }, college)).toBe(false);
  });

  it('ignores the college a SOCIAL_ADMIN account may carry: the college flag decides', () => {
    const social = { role: 'SOCIAL_ADMIN' as const, collegeId: COMMERCE.id };
    expect(reviewScopeIncludes(social, COMMERCE)).toBe(false);
    expect(reviewScopeIncludes(social, SOCIAL_WORK)).toBe(true);
  });
});

describe('assertStudentInScope', () => {
  it('throws 403 with the Arabic message outside the scope, nothing inside it', () => {
    expect(() => assertStudentInScope(staffOf('ADMIN'), COMMERCE)).not.toThrow();
    const refused = (() => {
      try {
        assertStudentInScope(staffOf('ADMIN'), ENGINEERING);
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 403, message: REVIEW_MESSAGES.studentOutsideScope });
  });
});
