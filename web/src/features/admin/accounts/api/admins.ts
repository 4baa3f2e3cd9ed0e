import {
  type AddAdminRequest,
  addAdminResponseSchema,
  credentialsResponseSchema,
  type GetAdminRequest,
  type GetAllAdminsResponse,
  getAllAdminsResponseSchema,
  nameListResponseSchema,
  type StaffUser,
  staffMessageResponseSchema,
  staffUserResponseSchema,
  staffUserWithMessageResponseSchema,
  type UpdateAdminRequest,
} from '@portal/common';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { staffKeys } from '@/components/admin/staff-session';
import { type ApiResult, apiRequest } from '@/lib/api-client';

const adminsKey = (token: string) => [...staffKeys.of(token), 'admins'] as const;

export function getAllAdmins() {
  return apiRequest('/users/getAllAdmins', { auth: true, schema: getAllAdminsResponseSchema });
}

export function useAdmins(token: string) {
  return useQuery({ queryKey: adminsKey(token), queryFn: getAllAdmins });
}

/** Applies a change (added, edited, deleted account) to the cached list, so the screen need not refetch it. */
export function useUpdateAdminsList(token: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (change: (users: StaffUser[]) => StaffUser[]) => {
      queryClient.setQueryData<ApiResult<GetAllAdminsResponse>>(adminsKey(token), (old) => {
        if (old?.status !== 'success') return old;
        const users = change(old.data.data.users);
        return { ...old, data: { ...old.data, results: users.length, data: { users } } };
      });
    },
    [queryClient, token],
  );
}

/** Search type 1 sends `userName`, type 2 `phoneNumber`; a 404 means no account matches. */
export function findAdmin(body: GetAdminRequest) {
  return apiRequest('/users/getAdmin', { method: 'POST', body, auth: true, schema: staffUserResponseSchema });
}

/** 201 with the new account and its generated credentials, shown once. */
export function addAdmin(body: AddAdminRequest) {
  return apiRequest('/users/addAdmin', { method: 'POST', body, auth: true, schema: addAdminResponseSchema });
}

export function updateAdmin(body: UpdateAdminRequest) {
  return apiRequest('/users/updateAdmin', {
    method: 'PATCH',
    body,
    auth: true,
    schema: staffUserWithMessageResponseSchema,
  });
}

/** A new generated password, shown once; the account must change it at its next sign-in. */
export function resetAdminPassword(id: string) {
  return apiRequest('/users/resetAdminPassword', {
    method: 'PATCH',
    body: { id },
    auth: true,
    schema: credentialsResponseSchema,
  });
}

export function deleteAdmin(id: string) {
  return apiRequest(`/users/deleteAdmin/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: true,
    schema: staffMessageResponseSchema,
  });
}

/** The faculty names for the faculty choice (`GET /colleges`, sent with the bearer token as the spec says). */
export function getFaculties() {
  return apiRequest('/colleges', { auth: true, schema: nameListResponseSchema });
}

export function useFaculties() {
  return useQuery({ queryKey: ['colleges', 'names'], queryFn: getFaculties, staleTime: 10 * 60_000 });
}

/** Issue 20: clears the account's second factor (it sets one up again when asked); its tokens end. */
export function resetTwoFactor(id: string) {
  return apiRequest('/users/resetTwoFactor', {
    method: 'PATCH',
    body: { id },
    auth: true,
    schema: staffMessageResponseSchema,
  });
}

/** Issue 20: ends every token of the account on every device. */
export function signOutEverywhere(id: string) {
  return apiRequest('/users/signOutEverywhere', {
    method: 'POST',
    body: { id },
    auth: true,
    schema: staffMessageResponseSchema,
  });
}
