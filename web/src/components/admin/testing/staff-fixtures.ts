import type { StaffMe, StaffRole, StaffUser } from '@portal/common';
import { setCookie } from '@/lib/cookies';
import type { Handler } from '@/testing/mock-api';

export const GET_ME = 'GET /api/v1/users/getMe';

let nextId = 1;

/** An account as the server shows it; ids are UUID-shaped like the real ones. */
export function staffUser(overrides: Partial<StaffUser> = {}): StaffUser {
  const n = nextId++;
  return {
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `مسؤول ${n}`,
    userName: `staff${n}`,
    phoneNumber: `0101234${String(n).padStart(4, '0')}`,
    role: 'ADMIN',
    faculty: overrides.role && overrides.role !== 'ADMIN' ? null : 'كلية التجارة',
    passwordChanged: true,
    ...overrides,
  };
}

/** Stores a token as the login does and answers the shell's lookup of that account (`GET /users/getMe`). */
export function signedInAs(
  role: StaffRole,
  passwordChanged = true,
  secondFactor: Partial<Pick<StaffMe, 'twoFactorEnabled' | 'twoFactorRequired'>> = {},
): Record<string, Handler> {
  setCookie('token', 'test-token');
  setCookie('role', role);
  setCookie('name', 'سارة');
  if (role === 'ADMIN') setCookie('faculty', 'كلية التجارة');
  const user: StaffMe = {
    ...staffUser({ role, passwordChanged, name: 'سارة' }),
    twoFactorEnabled: false,
    twoFactorRequired: false,
    ...secondFactor,
  };
  return { [GET_ME]: () => ({ body: { status: 'success', data: { user } } }) };
}

export const ok = (body: Record<string, unknown>, status = 200) => ({
  status,
  body: { status: 'success', ...body },
});

export const fails = (status: number, message: string) => ({ status, body: { status: 'error', message } });
