import { Paper, Stack, Title } from '@mantine/core';
import { type StaffUser, type UpdateOwnAccountRequest, updateOwnAccountRequestSchema } from '@portal/common';
import { useForm } from 'react-hook-form';
import { ERROR_PROPS } from '@/components/admin/field-error';
import { PasswordField } from '@/components/admin/password-field';
import { schemaResolver } from '@/components/admin/schema-resolver';
import { useStaffErrorHandler, useStaffSession } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import { InputField } from '@/components/input-field';
import { showSuccessNotice } from '@/components/notices';
import { setCookie } from '@/lib/cookies';
import { useUpdateOwnAccount } from './api/own-account';

const TITLE = 'تحديث بيانات الحساب';
const SAVE = 'حفظ البيانات';
const CONFIRM_HINT = 'أدخل كلمة المرور الحالية لتأكيد التعديل';

type AccountForm = Omit<UpdateOwnAccountRequest, 'faculty'>;
type AccountOutput = Omit<UpdateOwnAccountRequest, 'faculty'>;

const resolver = schemaResolver<AccountForm, AccountOutput>(updateOwnAccountRequestSchema);

/** Spec section 2: name, user name, mobile, and the password to confirm (PATCH /users/updateSuperAdmin). */
export function UpdateAccountInfo() {
  // The shell has read the account (`GET /users/getMe`) before any screen opens.
  return <AccountFormView user={useStaffSession().user} />;
}

function AccountFormView({ user }: { user: StaffUser }) {
  const { token } = useStaffSession();
  const handleError = useStaffErrorHandler();
  const update = useUpdateOwnAccount(token);
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useForm<AccountForm, unknown, AccountOutput>({
    resolver,
    defaultValues: { name: user.name, userName: user.userName, phoneNumber: user.phoneNumber, password: '' },
  });

  const submit = handleSubmit((input) => {
    update.mutate(input, {
      onSuccess: (result) => {
        if (result.status === 'error') {
          handleError(result);
          return;
        }
        setCookie('name', result.data.user.name);
        resetField('password');
        showSuccessNotice(result.data.message);
      },
    });
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={520}>
      <form onSubmit={submit} noValidate aria-labelledby="account-title">
        <Stack gap="md">
          <Title order={2} id="account-title">
            {TITLE}
          </Title>
          <InputField
            label="الاسم"
            autoComplete="name"
            error={errors.name?.message}
            errorProps={ERROR_PROPS}
            {...register('name')}
          />
          <InputField
            label="اسم المستخدم"
            autoComplete="username"
            dir="ltr"
            error={errors.userName?.message}
            errorProps={ERROR_PROPS}
            {...register('userName')}
          />
          <InputField
            label="رقم الموبايل"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            dir="ltr"
            error={errors.phoneNumber?.message}
            errorProps={ERROR_PROPS}
            {...register('phoneNumber')}
          />
          <PasswordField
            label="كلمة المرور"
            description={CONFIRM_HINT}
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <Button type="submit" loading={update.isPending}>
            {SAVE}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
