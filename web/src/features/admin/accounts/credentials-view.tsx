import { CopyButton, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { StaffCredentials } from '@portal/common';
import { Button } from '@/components/button';
import classes from './admins-management.module.css';

const HAND_OVER =
  'سلّم بيانات الدخول التالية لصاحب الحساب؛ لن تظهر كلمة المرور مرة أخرى، وسيُطلب منه تغييرها عند أول دخول.';
const COPY = 'نسخ بيانات الدخول';
const COPIED = 'تم النسخ';

/** The generated user name and password after an add or a reset (spec section 4), with a copy button. */
export function CredentialsView({
  credentials,
  onClose,
}: {
  credentials: StaffCredentials;
  onClose: () => void;
}) {
  const text = `اسم المستخدم: ${credentials.userName}\nكلمة المرور: ${credentials.password}`;
  return (
    <Stack gap="md">
      <Text>{HAND_OVER}</Text>
      <dl className={classes.facts}>
        <dt>اسم المستخدم</dt>
        <dd>
          <span dir="ltr" className={classes.secret} data-testid="credentials-user-name">
            {credentials.userName}
          </span>
        </dd>
        <dt>كلمة المرور</dt>
        <dd>
          <span dir="ltr" className={classes.secret} data-testid="credentials-password">
            {credentials.password}
          </span>
        </dd>
      </dl>
      <Group gap="sm">
        {/* The clipboard API exists only on HTTPS and localhost; elsewhere the text above is selectable. */}
        {typeof navigator.clipboard?.writeText === 'function' && (
          <CopyButton value={text} timeout={3000}>
            {({ copied, copy }) => (
              <>
                <Button onClick={copy} color={copied ? 'teal.9' : undefined}>
                  {copied ? COPIED : COPY}
                </Button>
                <VisuallyHidden role="status">{copied ? COPIED : ''}</VisuallyHidden>
              </>
            )}
          </CopyButton>
        )}
        <Button variant="default" onClick={onClose}>
          إغلاق
        </Button>
      </Group>
    </Stack>
  );
}
