import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import {
  type TwoFactorSetupResponse,
  twoFactorDisableRequestSchema,
  twoFactorEnableRequestSchema,
} from '@portal/common';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ERROR_PROPS } from '@/components/admin/field-error';
import { PasswordField } from '@/components/admin/password-field';
import { schemaResolver } from '@/components/admin/schema-resolver';
import { Section } from '@/components/admin/section';
import { meKey, useStaffRefusal, useStaffSession, useUpdateCachedMe } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import { InputField } from '@/components/input-field';
import { showSuccessNotice } from '@/components/notices';
import classes from './account-security.module.css';
import { useDisableTwoFactor, useEnableTwoFactor, useSetUpTwoFactor } from './api/two-factor';
import { CopyText } from './copy-text';
import { RecoveryCodes } from './recovery-codes';

const TITLE = 'التحقق بخطوتين';
const ON = 'مفعّل';
const OFF = 'غير مفعّل';
const ABOUT =
  'بعد كلمة المرور يُطلب رمز من 6 أرقام يظهر في تطبيق المصادقة على هاتفك (مثل Google Authenticator أو Microsoft Authenticator)، فلا تكفي كلمة المرور وحدها لمن عرفها.';
const TURN_ON = 'تفعيل التحقق بخطوتين';
const TURN_OFF = 'إيقاف التحقق بخطوتين';
const CANCEL = 'إلغاء';
const SCAN = 'امسح رمز QR بتطبيق المصادقة على هاتفك.';
const QR_ALT = 'رمز QR لإضافة هذا الحساب إلى تطبيق المصادقة';
const MANUAL = 'أو أضف الحساب في التطبيق يدويا بهذا المفتاح:';
const COPY_KEY = 'نسخ المفتاح';
const CONFIRM = 'أدخل الرمز الذي يظهر في التطبيق الآن لتأكيد التفعيل.';
const CONFIRM_BUTTON = 'تأكيد التفعيل';
const CODE = 'رمز التحقق';
const DISABLE_CODE_HINT = 'من تطبيق المصادقة، أو أحد رموز الاسترداد';
const DISABLE_CONFIRM = 'تأكيد الإيقاف';

type Step =
  | { name: 'idle' }
  | { name: 'setup'; setup: TwoFactorSetupResponse['data'] }
  | { name: 'codes'; codes: string[] }
  | { name: 'disable' };

/** The base32 secret in groups of four, as authenticator apps show and accept it. */
export function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

export function TwoFactorSection() {
  const { twoFactorEnabled } = useStaffSession();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const refuse = useStaffRefusal();
  const setUp = useSetUpTwoFactor();
  const [setupError, setSetupError] = useState<string | null>(null);

  const start = () =>
    setUp.mutate(undefined, {
      onSuccess: (result) => {
        if (result.status === 'error') return refuse(result, setSetupError);
        setSetupError(null);
        setStep({ name: 'setup', setup: result.data.data });
      },
    });

  const idle = () => setStep({ name: 'idle' });
  const badgeColor = twoFactorEnabled ? 'teal' : 'gray';

  return (
    <Section
      id="two-factor-title"
      title={
        <Group gap="sm" component="span">
          <span>{TITLE}</span>
          {/* Shade 9 text on the light badge keeps 4.5:1 contrast, as the documents status badge does. */}
          <Badge
            variant="light"
            color={badgeColor}
            c={`${badgeColor}.9`}
            radius="sm"
            size="lg"
            tt="none"
            fw={600}
            miw="max-content"
          >
            {twoFactorEnabled ? ON : OFF}
          </Badge>
        </Group>
      }
    >
      {step.name === 'setup' && (
        <SetupSteps
          setup={step.setup}
          onEnabled={(codes) => setStep({ name: 'codes', codes })}
          onCancel={idle}
        />
      )}
      {step.name === 'codes' && <RecoveryCodes codes={step.codes} onDone={idle} />}
      {step.name === 'disable' && <DisableForm onDone={idle} />}
      {step.name === 'idle' && (
        <>
          <Text size="sm">{ABOUT}</Text>
          {setupError && <Alert color="red" variant="light" role="alert" title={setupError} />}
          <div>
            {twoFactorEnabled ? (
              <Button variant="light" color="red" onClick={() => setStep({ name: 'disable' })}>
                {TURN_OFF}
              </Button>
            ) : (
              <Button onClick={start} loading={setUp.isPending}>
                {TURN_ON}
              </Button>
            )}
          </div>
        </>
      )}
    </Section>
  );
}

const codeResolver = schemaResolver<{ code: string }, { code: string }>(twoFactorEnableRequestSchema);

interface SetupStepsProps {
  setup: TwoFactorSetupResponse['data'];
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

function SetupSteps({ setup, onEnabled, onCancel }: SetupStepsProps) {
  const { token } = useStaffSession();
  const refuse = useStaffRefusal();
  const enable = useEnableTwoFactor();
  const updateCachedMe = useUpdateCachedMe(token);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ code: string }>({ resolver: codeResolver, defaultValues: { code: '' } });

  const submit = handleSubmit(({ code }) =>
    enable.mutate(code, {
      onSuccess: (result) => {
        if (result.status === 'error')
          return refuse(result, (message) => setError('code', { message }, { shouldFocus: true }));
        showSuccessNotice(result.data.message);
        updateCachedMe((me) => ({ ...me, twoFactorEnabled: true, twoFactorRequired: false }));
        onEnabled(result.data.data.recoveryCodes);
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={TURN_ON}>
      <ol className={classes.steps}>
        <li>
          <Stack gap="xs">
            <Text>{SCAN}</Text>
            <img src={setup.qr} alt={QR_ALT} className={classes.qr} width={192} height={192} />
          </Stack>
        </li>
        <li>
          <Stack gap="xs">
            <Text>{MANUAL}</Text>
            <Group gap="sm" align="center">
              <code dir="ltr" className={classes.secret} data-testid="two-factor-secret">
                {groupSecret(setup.secret)}
              </code>
              <CopyText value={setup.secret} label={COPY_KEY} />
            </Group>
          </Stack>
        </li>
        <li>
          <Stack gap="sm">
            <Text>{CONFIRM}</Text>
            <InputField
              label={CODE}
              dir="ltr"
              inputMode="numeric"
              autoComplete="one-time-code"
              spellCheck={false}
              maw={220}
              error={errors.code?.message}
              errorProps={ERROR_PROPS}
              {...register('code')}
            />
            <Group gap="sm">
              <Button type="submit" loading={enable.isPending}>
                {CONFIRM_BUTTON}
              </Button>
              <Button variant="default" onClick={onCancel}>
                {CANCEL}
              </Button>
            </Group>
          </Stack>
        </li>
      </ol>
    </form>
  );
}

type DisableValues = { password: string; code: string };
const disableResolver = schemaResolver<DisableValues, DisableValues>(twoFactorDisableRequestSchema);

function DisableForm({ onDone }: { onDone: () => void }) {
  const { token } = useStaffSession();
  const queryClient = useQueryClient();
  const refuse = useStaffRefusal();
  const disable = useDisableTwoFactor();
  // A wrong password or code: the server's message names which.
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<DisableValues>({ resolver: disableResolver, defaultValues: { password: '', code: '' } });

  useEffect(() => setFocus('password'), [setFocus]);

  const submit = handleSubmit((input) =>
    disable.mutate(input, {
      onSuccess: async (result) => {
        if (result.status === 'error') return refuse(result, setRefusal);
        showSuccessNotice(result.data.message);
        // Whether the role must enrol again is the server's to say.
        await queryClient.invalidateQueries({ queryKey: meKey(token) });
        onDone();
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={TURN_OFF}>
      <Stack gap="md" maw={360}>
        {refusal && <Alert color="red" variant="light" role="alert" title={refusal} />}
        <PasswordField
          label="كلمة المرور"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <InputField
          label={CODE}
          description={DISABLE_CODE_HINT}
          dir="ltr"
          autoComplete="one-time-code"
          spellCheck={false}
          error={errors.code?.message}
          errorProps={ERROR_PROPS}
          {...register('code')}
        />
        <Group gap="sm">
          <Button type="submit" color="red.9" loading={disable.isPending}>
            {DISABLE_CONFIRM}
          </Button>
          <Button variant="default" onClick={onDone}>
            {CANCEL}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
