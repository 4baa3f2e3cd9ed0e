import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { type LoginResponse, TWO_FACTOR_MESSAGES, twoFactorEnableRequestSchema } from '@portal/common';
import { useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { InputField } from '@/components/input-field';
import { showApiError } from '@/components/notices';
import { endsChallenge, useVerifyLogin } from '../api/login';

const TITLE = 'التحقق بخطوتين';
const APP_CODE = 'رمز التحقق';
const APP_CODE_HINT = 'الرمز المكوّن من 6 أرقام في تطبيق المصادقة';
const RECOVERY_CODE = 'رمز الاسترداد';
const RECOVERY_CODE_HINT = 'أحد رموز الاسترداد العشرة التي حفظتها عند تفعيل التحقق بخطوتين';
const USE_RECOVERY = 'استخدام رمز استرداد';
const USE_APP = 'استخدام رمز تطبيق المصادقة';
const BACK = 'رجوع';

type CodeForm = { code: string };

/** The code field the server applies: six digits (Arabic-Indic too) or a recovery code, sent normalised. */
const resolver: Resolver<CodeForm, unknown, CodeForm> = (values) => {
  const result = twoFactorEnableRequestSchema.safeParse(values);
  if (result.success) return { values: result.data, errors: {} as Record<string, never> };
  const message = result.error.issues[0]?.message ?? TWO_FACTOR_MESSAGES.codeInvalidFormat;
  return { values: {}, errors: { code: { type: 'validate', message } } };
};

interface SecondFactorStepProps {
  challenge: string;
  /** The server's request for the code, as the login answered it. */
  prompt: string;
  onSignedIn: (result: LoginResponse) => void;
  /** The challenge is over (expired, used, too many wrong codes) or the user went back: the password step again. */
  onEnded: (message: string | null) => void;
}

/** Issue 20: after a right password, the code from the authenticator app, or one of the recovery codes. */
export function SecondFactorStep({ challenge, prompt, onSignedIn, onEnded }: SecondFactorStepProps) {
  const verify = useVerifyLogin();
  const [recovery, setRecovery] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<CodeForm, unknown, CodeForm>({ resolver, defaultValues: { code: '' } });

  // The step replaces the password form: the typing goes on in its one field.
  useEffect(() => setFocus('code'), [setFocus]);

  const submit = handleSubmit(({ code }) => {
    verify.mutate(
      { challenge, code },
      {
        onSuccess: (result) => {
          if (result.status === 'success') return onSignedIn(result.data);
          if (endsChallenge(result.message)) return onEnded(result.message);
          // A network failure has no message of the server's: the usual notice with its status.
          if (result.httpStatus === 0) return showApiError(result);
          setError('code', { message: result.message }, { shouldFocus: true });
        },
      },
    );
  });

  const switchCode = () => {
    setRecovery((value) => !value);
    reset({ code: '' });
    // The field is re-labelled, not replaced: focus stays where the typing goes.
    setTimeout(() => setFocus('code'));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={2} ta="center">
          {TITLE}
        </Title>
        <Text>{recovery ? RECOVERY_CODE_HINT : prompt}</Text>
        <InputField
          label={recovery ? RECOVERY_CODE : APP_CODE}
          description={recovery ? undefined : APP_CODE_HINT}
          dir="ltr"
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          autoCapitalize={recovery ? 'characters' : 'off'}
          spellCheck={false}
          maxLength={recovery ? 20 : 10}
          error={errors.code?.message}
          {...register('code')}
        />
        <Button type="submit" loading={verify.isPending} fullWidth>
          دخول
        </Button>
        <Group justify="space-between" gap="sm">
          <Anchor component="button" type="button" onClick={switchCode}>
            {recovery ? USE_APP : USE_RECOVERY}
          </Anchor>
          <Anchor component="button" type="button" onClick={() => onEnded(null)}>
            {BACK}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
