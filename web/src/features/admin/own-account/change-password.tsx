import { Alert, Paper, Stack, Title } from '@mantine/core';
import { type UpdateMyPasswordRequest, updateMyPasswordRequestSchema } from '@portal/common';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordField } from '@/components/admin/password-field';
import { schemaResolver } from '@/components/admin/schema-resolver';
import { useStaffErrorHandler, useStaffSession } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import { showSuccessNotice } from '@/components/notices';
import { useUpdateMyPassword } from './api/own-account';

/** Spec section 4: the login opens 1 s after a successful change. */
export const REDIRECT_AFTER_CHANGE_MS = 1000;

const TITLE = 'تغيير كلمة المرور';
const FIRST_TIME = 'يجب تغيير كلمة المرور المؤقتة قبل استخدام البوابة.';
const HINT = 'حروف وأرقام، 8 أحرف على الأقل';

const resolver = schemaResolver<UpdateMyPasswordRequest, UpdateMyPasswordRequest>(
  updateMyPasswordRequestSchema,
);

export function ChangePassword() {
  const { passwordChanged, signOut } = useStaffSession();
  const handleError = useStaffErrorHandler();
  const change = useUpdateMyPassword();
  const [changed, setChanged] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<UpdateMyPasswordRequest, unknown, UpdateMyPasswordRequest>({
    resolver,
    defaultValues: { passwordCurrent: '', password: '', passwordConfirm: '' },
  });

  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = handleSubmit((input) => {
    change.mutate(input, {
      onSuccess: (result) => {
        if (result.status === 'error') {
          // A wrong current password is a 400 here, not a dead session.
          handleError(result);
          return;
        }
        setChanged(true);
        showSuccessNotice(result.data.message);
        // The server has already killed every token of the account, this one too.
        timer.current = setTimeout(() => signOut(), REDIRECT_AFTER_CHANGE_MS);
      },
    });
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={520}>
      <form onSubmit={submit} noValidate aria-labelledby="change-password-title">
        <Stack gap="md">
          <Title order={2} id="change-password-title">
            {TITLE}
          </Title>
          {!passwordChanged && (
            <Alert color="yellow" variant="light">
              {FIRST_TIME}
            </Alert>
          )}
          <PasswordField
            label="كلمة المرور الحالية"
            autoComplete="current-password"
            error={errors.passwordCurrent?.message}
            {...register('passwordCurrent')}
          />
          <PasswordField
            label="كلمة المرور الجديدة"
            description={HINT}
            autoComplete="new-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <PasswordField
            label="تأكيد كلمة المرور الجديدة"
            autoComplete="new-password"
            error={errors.passwordConfirm?.message}
            {...register('passwordConfirm')}
          />
          <Button type="submit" loading={change.isPending} disabled={changed}>
            {TITLE}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
