import {
  staffMessageResponseSchema,
  twoFactorEnableResponseSchema,
  twoFactorSetupResponseSchema,
} from '@portal/common';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** A new secret and its QR code; nothing is in force until a code from it is confirmed. */
export function setUpTwoFactor() {
  return apiRequest('/users/twoFactor/setup', {
    method: 'POST',
    auth: true,
    schema: twoFactorSetupResponseSchema,
  });
}

/** Turns the factor on with a code from the new secret; answers the ten recovery codes, shown once. */
export function enableTwoFactor(code: string) {
  return apiRequest('/users/twoFactor/enable', {
    method: 'POST',
    body: { code },
    auth: true,
    schema: twoFactorEnableResponseSchema,
  });
}

export function disableTwoFactor(body: { password: string; code: string }) {
  return apiRequest('/users/twoFactor/disable', {
    method: 'POST',
    body,
    auth: true,
    schema: staffMessageResponseSchema,
  });
}

/** Ends every token of the account, this browser's too. */
export function signOutEverywhere() {
  return apiRequest('/users/signOutEverywhere', {
    method: 'POST',
    auth: true,
    schema: staffMessageResponseSchema,
  });
}

export const useSetUpTwoFactor = () => useMutation({ mutationFn: setUpTwoFactor });
export const useEnableTwoFactor = () => useMutation({ mutationFn: enableTwoFactor });
export const useDisableTwoFactor = () => useMutation({ mutationFn: disableTwoFactor });
export const useSignOutEverywhere = () => useMutation({ mutationFn: signOutEverywhere });
