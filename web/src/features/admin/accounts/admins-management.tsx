import { Alert, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type GetAdminRequest, MESSAGES, type StaffUser, TOAST_SUCCESS_LONG_MS } from '@portal/common';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { useStaffErrorHandler, useStaffSession } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import { showSuccessNotice } from '@/components/notices';
import { PageSpinner } from '@/components/page-spinner';
import { type AccountAction, AdminCard } from './admin-card';
import { AdminDialog, type AdminDialogMode } from './admin-dialog';
import { AdminSearch } from './admin-search';
import {
  deleteAdmin,
  findAdmin,
  resetTwoFactor,
  signOutEverywhere,
  useAdmins,
  useUpdateAdminsList,
} from './api/admins';
import { isManageable } from './role-labels';

const TITLE = 'إدارة المسؤولين';
const ADD = 'إضافة مسؤول';
const CONFIRM: Record<AccountAction, string> = {
  delete: 'هل تريد حذف هذا المسؤول؟',
  resetTwoFactor: 'هل تريد إلغاء التحقق بخطوتين لهذا المسؤول؟',
  signOutEverywhere: 'هل تريد تسجيل خروج هذا المسؤول من جميع الأجهزة؟',
};
const CALLS: Record<AccountAction, typeof deleteAdmin> = {
  delete: deleteAdmin,
  resetTwoFactor,
  signOutEverywhere,
};
const RETRY = 'إعادة المحاولة';

type Change = (users: StaffUser[]) => StaffUser[];

/** Spec section 2, adminsManagement (super admin only; the shell and the server both enforce it). */
export function AdminsManagement() {
  const { token } = useStaffSession();
  const handleError = useStaffErrorHandler();
  const admins = useAdmins(token);
  const updateCachedList = useUpdateAdminsList(token);
  // A search shows its own short list until "show all"; changes apply to both lists.
  const [found, setFound] = useState<StaffUser[] | null>(null);
  const [dialog, setDialog] = useState<AdminDialogMode | null>(null);
  const [confirming, setConfirming] = useState<{ action: AccountAction; admin: StaffUser } | null>(null);

  const change = (apply: Change) => {
    updateCachedList(apply);
    setFound((list) => list && apply(list));
  };

  const search = useMutation({
    mutationFn: async (query: GetAdminRequest) => {
      const result = await findAdmin(query);
      if (result.status === 'success') setFound([result.data.data.user]);
      else if (result.httpStatus === 404) setFound([]);
      else handleError(result);
    },
  });

  const act = useMutation({
    mutationFn: async ({ action, admin }: { action: AccountAction; admin: StaffUser }) => {
      const result = await CALLS[action](admin._id);
      setConfirming(null);
      if (result.status === 'error') return handleError(result);
      if (action === 'delete') change((list) => list.filter((user) => user._id !== admin._id));
      showSuccessNotice(result.data.message, TOAST_SUCCESS_LONG_MS);
    },
  });

  const answer = admins.data;
  useEffect(() => {
    if (answer?.status === 'error' && answer.httpStatus === 401) handleError(answer);
  }, [answer, handleError]);

  const list = found ?? (answer?.status === 'success' ? answer.data.data.users : undefined);

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Title order={2}>{TITLE}</Title>
        <Button onClick={() => setDialog({ mode: 'add' })}>{ADD}</Button>
      </Group>
      <AdminSearch
        pending={search.isPending}
        searching={found !== null}
        onSearch={(query) => search.mutate(query)}
        onShowAll={() => setFound(null)}
      />
      {list === undefined ? (
        answer?.status === 'error' ? (
          <Alert color="red" variant="light" role="alert" title={answer.message}>
            <Button size="sm" variant="light" color="red" mt="xs" onClick={() => admins.refetch()}>
              {RETRY}
            </Button>
          </Alert>
        ) : (
          <PageSpinner />
        )
      ) : list.length === 0 ? (
        <Text role="status" ta="center" py="lg" c="dimmed" fz="lg">
          {MESSAGES.noResultsFound}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="section" aria-label={TITLE}>
          {list.map((admin) => (
            <AdminCard
              key={admin._id}
              admin={admin}
              onEdit={(target) => {
                if (isManageable(target.role))
                  setDialog({ mode: 'edit', admin: { ...target, role: target.role } });
              }}
              onAction={(action, target) => setConfirming({ action, admin: target })}
            />
          ))}
        </SimpleGrid>
      )}
      {dialog && (
        <AdminDialog
          key={dialog.mode === 'edit' ? dialog.admin._id : 'add'}
          state={dialog}
          onClose={() => setDialog(null)}
          onAdded={(admin) => {
            setFound(null);
            change((users) => [...users, admin]);
          }}
          onEdited={(admin) =>
            change((users) => users.map((user) => (user._id === admin._id ? admin : user)))
          }
          onPasswordReset={(id) =>
            change((users) =>
              users.map((user) => (user._id === id ? { ...user, passwordChanged: false } : user)),
            )
          }
        />
      )}
      {confirming && (
        <ConfirmDialog
          title={CONFIRM[confirming.action]}
          pending={act.isPending}
          onConfirm={() => act.mutate(confirming)}
          onCancel={() => setConfirming(null)}
        >
          {confirming.admin.name} (<span dir="ltr">{confirming.admin.userName}</span>)
        </ConfirmDialog>
      )}
    </Stack>
  );
}
