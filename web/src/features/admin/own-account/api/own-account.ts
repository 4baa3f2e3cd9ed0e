import {
  staffUserWithMessageResponseSchema,
  type UpdateMyPasswordRequest,
  type UpdateOwnAccountRequest,
  updateMyPasswordResponseSchema,
} from '@portal/common';
import { useMutation } from '@tanstack/react-query';
import { useUpdateCachedMe } from '@/components/admin/staff-session';
import { apiRequest } from '@/lib/api-client';

/** Every older token of the account (this one too) stops working once the server has changed the password. */
export function updateMyPassword(body: UpdateMyPasswordRequest) {
  return apiRequest('/users/updateMyPassword', {
    method: 'PATCH',
    body,
    auth: true,
    schema: updateMyPasswordResponseSchema,
  });
}

export function useUpdateMyPassword() {
  return useMutation({ mutationFn: updateMyPassword });
}

/** `PATCH /users/updateSuperAdmin`: the caller's own name, user name and mobile, confirmed with its password. */
export function updateOwnAccount(body: UpdateOwnAccountRequest) {
  return apiRequest('/users/updateSuperAdmin', {
    method: 'PATCH',
    body,
    auth: true,
    schema: staffUserWithMessageResponseSchema,
  });
}

export function useUpdateOwnAccount(token: string) {
  const updateCachedMe = useUpdateCachedMe(token);
  return useMutation({
    mutationFn: updateOwnAccount,
    onSuccess: (result) => {
      if (result.status === 'success') updateCachedMe((me) => ({ ...me, ...result.data.user }));
    },
  });
}
