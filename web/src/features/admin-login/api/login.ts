import { type LoginRequest, type LoginResponse, loginResponseSchema } from '@portal/common';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function login(input: LoginRequest) {
  return apiRequest('/users/login', { method: 'POST', body: input, schema: loginResponseSchema });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

type LoggedInUser = LoginResponse['data']['user'];

/** Spec section 4: a first login must change the password; social service staff start at the schedule. */
export function adminLanding(user: LoggedInUser): string {
  if (!user.passwordChanged) return '/admin/changePassword';
  return user.role === 'SOCIAL_ADMIN' ? '/admin/schedule' : '/admin/studentsInfo';
}
