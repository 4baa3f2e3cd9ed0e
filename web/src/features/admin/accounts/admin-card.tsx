import { Badge, Card, Group, Stack, Title } from '@mantine/core';
import type { StaffUser } from '@portal/common';
import { useId } from 'react';
import { Button } from '@/components/button';
import classes from './admins-management.module.css';
import { isManageable, ROLE_LABELS } from './role-labels';

const AWAITING_PASSWORD = 'لم يغيّر كلمة المرور بعد';

/** What a card's buttons ask for after a confirmation (editing opens its own dialog). */
export type AccountAction = 'delete' | 'resetTwoFactor' | 'signOutEverywhere';

export const ACTION_LABELS: Record<AccountAction, string> = {
  delete: 'حذف',
  resetTwoFactor: 'إلغاء التحقق بخطوتين',
  signOutEverywhere: 'تسجيل الخروج من جميع الأجهزة',
};

interface AdminCardProps {
  admin: StaffUser;
  onEdit: (admin: StaffUser) => void;
  onAction: (action: AccountAction, admin: StaffUser) => void;
}

/**
 * One account: name, user name, role, mobile and faculty; super admins cannot be edited, deleted or have their
 * second factor or sessions ended from here. The list does not say which accounts have a second factor, so its
 * reset is offered on each one and the server's answer says what happened.
 */
export function AdminCard({ admin, onEdit, onAction }: AdminCardProps) {
  const titleId = useId();
  return (
    <Card component="article" withBorder radius="md" padding="md" aria-labelledby={titleId}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={3} fz="lg" id={titleId}>
            {admin.name}
          </Title>
          {!admin.passwordChanged && (
            <Badge color="yellow" variant="light" radius="sm" className={classes.badge}>
              {AWAITING_PASSWORD}
            </Badge>
          )}
        </Group>
        <dl className={classes.facts}>
          <dt>اسم المستخدم</dt>
          <dd>
            <span dir="ltr">{admin.userName}</span>
          </dd>
          <dt>الصلاحية</dt>
          <dd>{ROLE_LABELS[admin.role]}</dd>
          <dt>رقم الموبايل</dt>
          <dd>{admin.phoneNumber ? <span dir="ltr">{admin.phoneNumber}</span> : '—'}</dd>
          {admin.faculty && (
            <>
              <dt>الكلية</dt>
              <dd>{admin.faculty}</dd>
            </>
          )}
        </dl>
        {isManageable(admin.role) && (
          <Group gap="xs" mt="auto">
            <Button
              size="sm"
              variant="light"
              onClick={() => onEdit(admin)}
              aria-label={`تعديل ${admin.name}`}
            >
              تعديل
            </Button>
            {(['delete', 'resetTwoFactor', 'signOutEverywhere'] as const).map((action) => (
              <Button
                key={action}
                size="sm"
                variant="light"
                color="red"
                onClick={() => onAction(action, admin)}
                aria-label={`${ACTION_LABELS[action]} ${admin.name}`}
              >
                {ACTION_LABELS[action]}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
