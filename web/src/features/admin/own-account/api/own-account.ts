import {
  type StaffUser,
  staffUserResponseSchema,
  staffUserWithMessageResponseSchema,
  type UpdateMyPasswordRequest,
  type UpdateOwnAccountRequest,
  updateMyPasswordResponseSchema,
} from '@portal/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { staffKeys } from '../../shell/staff-session';

const meKey = (token: string) => [...staffKeys.of(token), 'me'] as const;

export function getMe() {
  return apiRequest('/users/getMe', { auth: true, schema: staffUserResponseSchema });
}

export function useMe(token: string) {
  return useQuery({ queryKey: meKey(token), queryFn: getMe });
}

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOwnAccount,
    onSuccess: (result) => {
      if (result.status === 'success') {
        const user: StaffUser = result.data.user;
        queryClient.setQueryData(meKey(token), {
          status: 'success',
          data: { status: 'success', data: { user } },
          httpStatus: 200,
        });
      }
    },
  });
}
