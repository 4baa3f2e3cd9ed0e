import { Paper, Stack, Title } from '@mantine/core';
import { type LoginRequest, type LoginResponse, MESSAGES } from '@portal/common';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { InputField } from '@/components/input-field';
import { showApiError } from '@/components/notices';
import { removeCookie, setCookie } from '@/lib/cookies';
import { adminLanding, useLogin } from '../api/login';

const required = (message: string) => (value: string) => value.trim() !== '' || message;

function storeSession({ token, data: { user } }: LoginResponse): void {
  setCookie('token', token);
  setCookie('role', user.role);
  setCookie('name', user.name);
  // Only a faculty ADMIN has a faculty; a stale one from an earlier account must not linger.
  if (user.faculty) setCookie('faculty', user.faculty);
  else removeCookie('faculty');
}

export function AdminLogin() {
  const navigate = useNavigate();
  const loginCall = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginRequest>({ defaultValues: { userName: '', password: '' } });

  const submit = handleSubmit((input) => {
    loginCall.mutate(
      { userName: input.userName.trim(), password: input.password },
      {
        onSuccess: (result) => {
          if (result.status === 'error') {
            showApiError(result);
            return;
          }
          storeSession(result.data);
          navigate(adminLanding(result.data.data.user));
        },
      },
    );
  });

  return (
    <Paper withBorder shadow="xs" radius="md" p="xl" maw={440} mx="auto">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} ta="center">
            دخول المسؤولين
          </Title>
          <InputField
            label="اسم المستخدم"
            autoComplete="username"
            error={errors.userName?.message}
            {...register('userName', { validate: required(MESSAGES.userNameRequired) })}
          />
          <InputField
            label="كلمة المرور"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password', { validate: required(MESSAGES.passwordRequired) })}
          />
          <Button type="submit" loading={loginCall.isPending} fullWidth>
            دخول
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
