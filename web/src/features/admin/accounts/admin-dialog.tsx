import { Divider, Group, Modal, Radio, Select, Stack } from '@mantine/core';
import {
  type AddAdminRequest,
  ASSIGNABLE_STAFF_ROLES,
  type AssignableStaffRole,
  addAdminRequestSchema,
  MESSAGES,
  type StaffCredentials,
  type StaffUser,
  TOAST_SUCCESS_LONG_MS,
} from '@portal/common';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { DIALOG_STYLES } from '@/components/admin/dialog-styles';
import { ERROR_PROPS } from '@/components/admin/field-error';
import { schemaResolver } from '@/components/admin/schema-resolver';
import { useStaffErrorHandler } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import { InputField } from '@/components/input-field';
import { showSuccessNotice } from '@/components/notices';
import { addAdmin, resetAdminPassword, updateAdmin, useFaculties } from './api/admins';
import { CredentialsView } from './credentials-view';
import { ROLE_LABELS } from './role-labels';

export type AdminDialogMode =
  | { mode: 'add' }
  | { mode: 'edit'; admin: StaffUser & { role: AssignableStaffRole } };

interface AdminDialogProps {
  state: AdminDialogMode;
  onClose: () => void;
  onAdded: (admin: StaffUser) => void;
  onEdited: (admin: StaffUser) => void;
  onPasswordReset: (id: string) => void;
}

interface AdminFormValues {
  name: string;
  userName: string;
  phoneNumber: string;
  role: AssignableStaffRole;
  faculty: string | null;
}

const TITLES = { add: 'إضافة مسؤول', edit: 'تعديل بيانات المسؤول', credentials: 'بيانات الدخول' } as const;
const SAVE = { add: 'إضافة', edit: 'حفظ التعديلات' } as const;
const RESET_PASSWORD = 'إعادة تعيين كلمة المرور';

// The add rule (faculty required for a faculty admin) also checks an edit: the form then holds the account's role.
const resolver = schemaResolver<AdminFormValues, AddAdminRequest>(addAdminRequestSchema);

/**
 * Add or edit an account (spec sections 2 and 4). After an add or a password reset the same dialog shows the
 * generated credentials. Mantine's modal traps focus, closes on Escape and is labelled by its title.
 */
export function AdminDialog({ state, onClose, onAdded, onEdited, onPasswordReset }: AdminDialogProps) {
  const [credentials, setCredentials] = useState<StaffCredentials | null>(null);
  const view = credentials ? 'credentials' : state.mode;
  return (
    <Modal opened onClose={onClose} title={TITLES[view]} size="lg" centered styles={DIALOG_STYLES}>
      {credentials ? (
        <CredentialsView credentials={credentials} onClose={onClose} />
      ) : (
        <AdminForm
          state={state}
          onClose={onClose}
          onAdded={(admin, created) => {
            onAdded(admin);
            setCredentials(created);
          }}
          onEdited={onEdited}
          onPasswordReset={(id, created) => {
            onPasswordReset(id);
            setCredentials(created);
          }}
        />
      )}
    </Modal>
  );
}

interface AdminFormProps {
  state: AdminDialogMode;
  onClose: () => void;
  onAdded: (admin: StaffUser, credentials: StaffCredentials) => void;
  onEdited: (admin: StaffUser) => void;
  onPasswordReset: (id: string, credentials: StaffCredentials) => void;
}

function AdminForm({ state, onClose, onAdded, onEdited, onPasswordReset }: AdminFormProps) {
  const handleError = useStaffErrorHandler();
  const faculties = useFaculties();
  const editing = state.mode === 'edit' ? state.admin : undefined;
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<AdminFormValues, unknown, AddAdminRequest>({
    resolver,
    defaultValues: {
      name: editing?.name ?? '',
      userName: editing?.userName ?? '',
      phoneNumber: editing?.phoneNumber ?? '',
      role: editing?.role ?? 'ADMIN',
      faculty: editing?.faculty ?? null,
    },
  });
  const role = watch('role');

  const save = useMutation({
    mutationFn: async (input: AddAdminRequest) => {
      const faculty = input.role === 'ADMIN' ? input.faculty : null;
      if (!editing) {
        const result = await addAdmin({ ...input, faculty });
        if (result.status === 'error') return handleError(result);
        showSuccessNotice(result.data.message, TOAST_SUCCESS_LONG_MS);
        onAdded(result.data.user, result.data.data);
        return;
      }
      const { name, userName, phoneNumber } = input;
      const result = await updateAdmin({
        id: editing._id,
        adminInfo: { name, userName, phoneNumber, faculty },
      });
      if (result.status === 'error') return handleError(result);
      showSuccessNotice(result.data.message, TOAST_SUCCESS_LONG_MS);
      onEdited(result.data.user);
      onClose();
    },
  });

  const reset = useMutation({
    mutationFn: async (id: string) => {
      const result = await resetAdminPassword(id);
      if (result.status === 'error') return handleError(result);
      showSuccessNotice(result.data.message, TOAST_SUCCESS_LONG_MS);
      onPasswordReset(id, result.data.data);
    },
  });

  const facultyNames = faculties.data?.status === 'success' ? faculties.data.data.data.data : [];
  const busy = save.isPending || reset.isPending;

  return (
    <form onSubmit={handleSubmit((input) => save.mutate(input))} noValidate>
      <Stack gap="md">
        <InputField
          label="الاسم"
          error={errors.name?.message}
          errorProps={ERROR_PROPS}
          data-autofocus
          {...register('name')}
        />
        <InputField
          label="اسم المستخدم"
          dir="ltr"
          autoComplete="off"
          error={errors.userName?.message}
          errorProps={ERROR_PROPS}
          {...register('userName')}
        />
        <InputField
          label="رقم الموبايل"
          type="tel"
          inputMode="tel"
          dir="ltr"
          error={errors.phoneNumber?.message}
          errorProps={ERROR_PROPS}
          {...register('phoneNumber')}
        />
        {!editing && (
          <Controller
            control={control}
            name="role"
            render={({ field }) => (
              <Radio.Group
                size="md"
                label="الصلاحية"
                value={field.value}
                onChange={(value) => field.onChange(value as AssignableStaffRole)}
                error={errors.role?.message}
                errorProps={ERROR_PROPS}
              >
                <Stack gap="xs" mt="xs">
                  {ASSIGNABLE_STAFF_ROLES.map((option) => (
                    <Radio key={option} value={option} label={ROLE_LABELS[option]} size="md" />
                  ))}
                </Stack>
              </Radio.Group>
            )}
          />
        )}
        {role === 'ADMIN' && (
          <Controller
            control={control}
            name="faculty"
            render={({ field }) => (
              <Select
                size="md"
                label="الكلية"
                placeholder="اختر الكلية"
                data={facultyNames}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                searchable
                nothingFoundMessage={MESSAGES.noResultsFound}
                error={
                  errors.faculty?.message ??
                  (faculties.data?.status === 'error' ? faculties.data.message : undefined)
                }
                errorProps={ERROR_PROPS}
              />
            )}
          />
        )}
        <Group justify="space-between" gap="sm" mt="xs">
          <Group gap="sm">
            <Button type="submit" loading={save.isPending} disabled={busy}>
              {SAVE[editing ? 'edit' : 'add']}
            </Button>
            <Button variant="default" onClick={onClose}>
              إلغاء
            </Button>
          </Group>
          {editing && (
            <>
              <Divider hiddenFrom="xs" w="100%" />
              <Button
                variant="outline"
                color="orange.9"
                onClick={() => reset.mutate(editing._id)}
                loading={reset.isPending}
                disabled={busy}
              >
                {RESET_PASSWORD}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </form>
  );
}
