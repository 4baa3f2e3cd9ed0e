import { FUNNEL_MESSAGES, MESSAGES } from '@portal/common';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import type { FunnelCollegeRow } from './funnel.repository.js';
import { funnelColleges } from './funnel-scope.js';

const college = (name: string, socialWork = false): FunnelCollegeRow => ({
  id: name,
  name,
  socialWork,
  hidden: false,
  dataDeadline: null,
});
const COLLEGES = [college('التجارة'), college('الهندسة'), college('الخدمة الاجتماعية', true)];

function refusal(run: () => unknown): { status: number; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('not refused');
}

describe('funnelColleges', () => {
  it('gives super admin and support every college, or the one named', () => {
    for (const role of ['SUPERADMIN', 'SUPPORT'] as const) {
      expect(funnelColleges({ role, faculty: null }, null, COLLEGES)).toHaveLength(3);
      expect(funnelColleges({ role, faculty: null }, ' الهندسة ', COLLEGES).map((c) => c.name)).toEqual([
        'الهندسة',
      ]);
    }
    expect(refusal(() => funnelColleges({ role: 'SUPPORT', faculty: null }, 'الطب', COLLEGES))).toEqual({
      status: 400,
      message: MESSAGES.collegeNotFound,
    });
  });

  it('keeps a faculty ADMIN to its own faculty', () => {
    const admin = { role: 'ADMIN' as const, faculty: 'التجارة' };
    expect(funnelColleges(admin, null, COLLEGES).map((c) => c.name)).toEqual(['التجارة']);
    expect(funnelColleges(admin, 'التجارة', COLLEGES)).toHaveLength(1);
    expect(refusal(() => funnelColleges(admin, 'الهندسة', COLLEGES))).toEqual({
      status: 403,
      message: MESSAGES.otherFacultyForbidden,
    });
  });

  it('keeps a SOCIAL_ADMIN to the social-work colleges', () => {
    const social = { role: 'SOCIAL_ADMIN' as const, faculty: null };
    expect(funnelColleges(social, null, COLLEGES).map((c) => c.name)).toEqual(['الخدمة الاجتماعية']);
    expect(refusal(() => funnelColleges(social, 'التجارة', COLLEGES))).toEqual({
      status: 403,
      message: FUNNEL_MESSAGES.facultyOutsideScope,
    });
  });
});
