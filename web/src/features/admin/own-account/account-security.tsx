import { Alert, Stack, Text, Title } from '@mantine/core';
import { TWO_FACTOR_MESSAGES } from '@portal/common';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { Section } from '@/components/admin/section';
import { useStaffErrorHandler, useStaffSession } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import { showSuccessNotice } from '@/components/notices';
import { useSignOutEverywhere } from './api/two-factor';
import { TwoFactorSection } from './two-factor-section';

const TITLE = 'أمان الحساب';
const SIGN_OUT_EVERYWHERE = 'تسجيل الخروج من جميع الأجهزة';
const SIGN_OUT_EVERYWHERE_HINT =
  'ينهي جلسات هذا الحساب على كل الأجهزة والمتصفحات، ومنها هذا المتصفح، فيلزم تسجيل الدخول من جديد. استخدمه إذا فقدت جهازا أو شككت أن غيرك دخل بحسابك.';
const CONFIRM_SIGN_OUT = 'هل تريد تسجيل الخروج من جميع الأجهزة؟';

/**
 * Issue 20: the account's second factor and its sessions. An account that must enrol is held here (the shell
 * sends every other screen to it) until its second factor is on.
 */
export function AccountSecurity() {
  const { twoFactorRequired } = useStaffSession();
  return (
    <Stack gap="lg" maw={640}>
      <Title order={2}>{TITLE}</Title>
      {twoFactorRequired && (
        <Alert color="yellow" variant="light">
          {TWO_FACTOR_MESSAGES.enrolmentRequired}
        </Alert>
      )}
      <TwoFactorSection />
      <SignOutEverywhereSection />
    </Stack>
  );
}

function SignOutEverywhereSection() {
  const { signOut } = useStaffSession();
  const handleError = useStaffErrorHandler();
  const call = useSignOutEverywhere();
  const [confirming, setConfirming] = useState(false);

  const signOutEverywhere = () =>
    call.mutate(undefined, {
      onSuccess: (result) => {
        setConfirming(false);
        if (result.status === 'error') return handleError(result);
        showSuccessNotice(result.data.message);
        // This browser's token is one of those just ended.
        signOut();
      },
    });

  return (
    <Section title={SIGN_OUT_EVERYWHERE} id="sign-out-everywhere-title">
      <Text size="sm">{SIGN_OUT_EVERYWHERE_HINT}</Text>
      <div>
        <Button variant="light" color="red" onClick={() => setConfirming(true)}>
          {SIGN_OUT_EVERYWHERE}
        </Button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={CONFIRM_SIGN_OUT}
          pending={call.isPending}
          onConfirm={signOutEverywhere}
          onCancel={() => setConfirming(false)}
        />
      )}
    </Section>
  );
}
