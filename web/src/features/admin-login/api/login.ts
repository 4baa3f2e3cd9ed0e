import {
  type LoginChallengeResponse,
  type LoginRequest,
  type LoginResponse,
  type LoginVerifyRequest,
  loginChallengeResponseSchema,
  loginResponseSchema,
  TWO_FACTOR_MESSAGES,
} from '@portal/common';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, type ResponseParser } from '@/lib/api-client';

/** A right password answers the spec's login result, or a challenge when the account has a second factor. */
const loginResultParser: ResponseParser<LoginResponse | LoginChallengeResponse> = {
  parse: (body) =>
    typeof body === 'object' && body !== null && 'twoFactorRequired' in body
      ? loginChallengeResponseSchema.parse(body)
      : loginResponseSchema.parse(body),
};

export function login(input: LoginRequest) {
  return apiRequest('/users/login', { method: 'POST', body: input, schema: loginResultParser });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

/** `POST /users/login/verify`: the challenge with the authenticator's code or a recovery code. */
export function verifyLogin(input: LoginVerifyRequest) {
  return apiRequest('/users/login/verify', { method: 'POST', body: input, schema: loginResponseSchema });
}

export function useVerifyLogin() {
  return useMutation({ mutationFn: verifyLogin });
}

/** The server's refusals that mean the challenge is over: only a new password step can start another. */
export function endsChallenge(message: string): boolean {
  return message === TWO_FACTOR_MESSAGES.challengeEnded || message === TWO_FACTOR_MESSAGES.challengeRequired;
}

type LoggedInUser = LoginResponse['data']['user'];

/** Spec section 4: a first login must change the password; social service staff start at the schedule. */
export function adminLanding(user: LoggedInUser): string {
  if (!user.passwordChanged) return '/admin/changePassword';
  return user.role === 'SOCIAL_ADMIN' ? '/admin/schedule' : '/admin/studentsInfo';
}
