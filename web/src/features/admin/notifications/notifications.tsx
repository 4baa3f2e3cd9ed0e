import { Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FacultyPicker } from '@/components/admin/faculty-picker';
import { progressOf } from '@/components/admin/progress-params';
import { Section } from '@/components/admin/section';
import { useStaffErrorHandler, useStaffSession } from '@/components/admin/staff-session';
import { useNotificationStats } from './api/notifications';
import { COMPOSE, ComposeForm } from './compose-form';
import { MessageProgress } from './message-progress';
import { NotificationStats } from './notification-stats';
import classes from './notifications.module.css';

const TITLE = 'الإشعارات';
const CHOOSE = 'اختيار الكلية';
const CHOOSE_FIRST = 'اختر الكلية ثم اضغط «اختيار الكلية» لكتابة رسالة إلى طلابها.';
const FACULTY = 'الكلية';
const PROGRESS = 'تقدم الرسالة المرسلة';

/**
 * Issue 17, notifications (`/admin/notifications`; super admin, support and faculty ADMIN): a short message to a
 * faculty's students chosen by their state, the count before sending, a confirmation, and the sending's progress;
 * below, the figures of every message. Super admin and support choose the faculty (kept in the address); an
 * ADMIN always writes to its own.
 */
export function Notifications() {
  const { token, role } = useStaffSession();
  const handleError = useStaffErrorHandler();
  const [params, setParams] = useSearchParams();
  const choosesFaculty = role === 'SUPERADMIN' || role === 'SUPPORT';
  const faculty = choosesFaculty ? params.get('faculty') || null : null;
  const progress = progressOf(params);
  const stats = useNotificationStats(token, faculty);
  const [sent, setSent] = useState<{ campaignId: string; faculty: string | null }>();
  const answer = stats.data;

  useEffect(() => {
    if (answer?.status === 'error' && answer.httpStatus === 401) handleError(answer);
  }, [answer, handleError]);

  const campaigns = answer?.status === 'success' ? answer.data.data.campaigns : [];
  const campaign =
    sent?.faculty === faculty ? campaigns.find((each) => each.id === sent?.campaignId) : undefined;
  const ownFaculty = !choosesFaculty && answer?.status === 'success' ? answer.data.data.faculty : null;

  return (
    <Stack gap="lg">
      <Title order={2}>{TITLE}</Title>

      <Section title={COMPOSE} id="notifications-compose">
        {choosesFaculty ? (
          <FacultyPicker
            key={faculty ?? ''}
            initial={faculty}
            submitLabel={CHOOSE}
            onPick={(picked) => setParams(new URLSearchParams({ faculty: picked }))}
          />
        ) : (
          <Text>
            {`${FACULTY}: `}
            <Text span fw={700}>
              {ownFaculty ?? '…'}
            </Text>
          </Text>
        )}
        {choosesFaculty && faculty === null ? (
          <Text c="dimmed">{CHOOSE_FIRST}</Text>
        ) : (
          <ComposeForm
            key={`${faculty ?? ''}:${progress?.step ?? ''}:${progress?.state ?? ''}`}
            faculty={faculty}
            progress={progress}
            onSent={(campaignId) => setSent({ campaignId, faculty })}
          />
        )}
        {campaign && (
          <Stack gap="xs" className={classes.sentProgress}>
            <Title order={4} fz="md">
              {PROGRESS}
            </Title>
            <MessageProgress counts={campaign.counts} label={PROGRESS} />
          </Stack>
        )}
      </Section>

      <NotificationStats answer={answer} onRefresh={() => stats.refetch()} />
    </Stack>
  );
}
