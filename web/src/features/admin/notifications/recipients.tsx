import { Alert, Group, Modal, Stack, Text } from '@mantine/core';
import {
  type MessagePreviewResponse,
  type MessageSendRequest,
  NOTIFICATION_MESSAGES,
  type NotificationChannel,
} from '@portal/common';
import { DIALOG_STYLES } from '@/components/admin/dialog-styles';
import { Button } from '@/components/button';
import countList from '@/components/count-list.module.css';
import { channelsText } from './notification-stats';
import classes from './notifications.module.css';

const RECIPIENTS = 'عدد الطلاب';
const WITH_EMAIL = 'لهم بريد إلكتروني';
const WITH_PHONE = 'لهم رقم موبايل';
const COUNTING = 'جار حساب عدد الطلاب…';
const CONFIRM_TITLE = 'تأكيد إرسال الرسالة';
const BACK = 'رجوع';

type Counted = MessagePreviewResponse['data'];

/** The count of the students the message would reach, asked for again as the filter changes. */
export function Recipients({
  problem,
  counted,
  failure,
  channels,
}: {
  problem: string | undefined;
  counted: Counted | undefined;
  failure: string | undefined;
  channels: NotificationChannel[];
}) {
  if (failure !== undefined && problem === undefined) {
    return (
      <Alert color="red" variant="light" role="alert">
        {failure}
      </Alert>
    );
  }
  return (
    // Announced as the count changes with the filter.
    <div role="status" aria-live="polite" className={classes.recipients}>
      {problem !== undefined ? (
        <Text c="dimmed">{problem}</Text>
      ) : counted === undefined ? (
        <Text c="dimmed">{COUNTING}</Text>
      ) : counted.students === 0 ? (
        <Text fw={600}>{NOTIFICATION_MESSAGES.noRecipients}</Text>
      ) : (
        <dl className={countList.counts}>
          <div className={countList.count}>
            <dt>{RECIPIENTS}</dt>
            <dd data-testid="preview-students">{counted.students}</dd>
          </div>
          {channels.includes('email') && (
            <div className={countList.count}>
              <dt>{WITH_EMAIL}</dt>
              <dd data-testid="preview-email">{counted.withEmail}</dd>
            </div>
          )}
          {channels.includes('sms') && (
            <div className={countList.count}>
              <dt>{WITH_PHONE}</dt>
              <dd data-testid="preview-phone">{counted.withPhone}</dd>
            </div>
          )}
        </dl>
      )}
    </div>
  );
}

interface ConfirmSendProps {
  request: MessageSendRequest;
  counted: Counted;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The last look before sending, with the count; "back" has the focus first, so Enter never sends by accident. */
export function ConfirmSend({ request, counted, pending, onConfirm, onCancel }: ConfirmSendProps) {
  return (
    <Modal opened onClose={onCancel} title={CONFIRM_TITLE} centered styles={DIALOG_STYLES}>
      <Stack gap="sm">
        <Text>{`سترسل الرسالة إلى ${counted.students} طالب من ${counted.faculty} (${channelsText(request.channels)}).`}</Text>
        <Text size="sm" c="dimmed">
          {[
            request.channels.includes('email') && `${WITH_EMAIL}: ${counted.withEmail}`,
            request.channels.includes('sms') && `${WITH_PHONE}: ${counted.withPhone}`,
          ]
            .filter(Boolean)
            .join('، ')}
        </Text>
        <Text size="sm">لا يمكن إيقاف الرسالة بعد إرسالها.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-autofocus>
            {BACK}
          </Button>
          <Button onClick={onConfirm} loading={pending}>
            {`إرسال إلى ${counted.students} طالب`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
