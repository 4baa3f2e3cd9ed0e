// Over 400 lines: the compose form, its audiences and the preview are one screen today; issue 35 splits it along
// its tests.
import { Alert, Checkbox, Group, Modal, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  DEFAULT_INTERVIEW_WEEKEND_DAYS,
  MESSAGE_AUDIENCE_LABELS,
  MESSAGE_AUDIENCES,
  type MessageAudience,
  type MessagePreviewRequest,
  type MessagePreviewResponse,
  type MessageSendRequest,
  type MessageSendRequestParsed,
  messagePreviewRequestSchema,
  messageSendRequestSchema,
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_MESSAGES,
  type NotificationChannel,
  type ProgressFilter,
  STAFF_MESSAGE_MAX_LENGTH,
} from '@portal/common';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { DIALOG_STYLES } from '@/components/admin/dialog-styles';
import { FacultyPicker } from '@/components/admin/faculty-picker';
import { ERROR_PROPS } from '@/components/admin/field-error';
import { progressOf } from '@/components/admin/progress-params';
import { OptionalDatePicker } from '@/components/admin/schedule-date-picker';
import { type Issue, schemaResolver } from '@/components/admin/schema-resolver';
import { Section } from '@/components/admin/section';
import { useStaffErrorHandler, useStaffRefusal, useStaffSession } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import countList from '@/components/count-list.module.css';
import { showSuccessNotice } from '@/components/notices';
import { useMessagePreview, useNotificationStats, useSendMessage } from './api/notifications';
import { MessageProgress } from './message-progress';
import { channelsText, NotificationStats, progressAudienceLabel } from './notification-stats';
import classes from './notifications.module.css';

const TITLE = 'الإشعارات';
const COMPOSE = 'رسالة إلى طلاب الكلية';
const CHOOSE = 'اختيار الكلية';
const CHOOSE_FIRST = 'اختر الكلية ثم اضغط «اختيار الكلية» لكتابة رسالة إلى طلابها.';
const FACULTY = 'الكلية';
const AUDIENCE = 'الطلاب المرسل إليهم';
const DAY = 'يوم الاختبار الشخصي';
const DAY_PLACEHOLDER = 'اختر اليوم';
const CHANNELS = 'طريقة الإرسال';
const TEXT = 'نص الرسالة';
const RECIPIENTS = 'عدد الطلاب';
const WITH_EMAIL = 'لهم بريد إلكتروني';
const WITH_PHONE = 'لهم رقم موبايل';
const COUNTING = 'جار حساب عدد الطلاب…';
const SEND = 'إرسال الرسالة';
const CONFIRM_TITLE = 'تأكيد إرسال الرسالة';
const BACK = 'رجوع';
const PROGRESS = 'تقدم الرسالة المرسلة';

interface ComposeValues {
  audience: MessageAudience;
  day: string | null;
  channels: NotificationChannel[];
  text: string;
}

/**
 * Whom the message goes to: the interview day only with the audience that needs one; the tracker step and state
 * (issue 36) only with the audience of a funnel count, which comes from the address.
 */
function filterOf(
  audience: MessageAudience,
  day: string | null,
  progress: ProgressFilter | null,
): MessageSendRequest['filter'] {
  if (audience === 'appointedOn') return { audience, day: day ?? '' };
  if (audience === 'progress') return { audience, progress };
  return { audience };
}

/** The request the form's values make, for the faculty chosen (null: an ADMIN's own, which the server knows). */
function requestOf(
  faculty: string | null,
  values: ComposeValues,
  progress: ProgressFilter | null,
): MessageSendRequest {
  return {
    faculty,
    filter: filterOf(values.audience, values.day, progress),
    channels: values.channels,
    text: values.text,
  };
}

/** The form field that shows an issue of the request: the filter's day or audience, the channels, the text. */
function fieldOf(issue: Issue): string {
  const [first, second] = issue.path.map(String);
  if (first === 'filter') return second === 'day' ? 'day' : 'audience';
  return first ?? 'text';
}

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

function ComposeForm({
  faculty,
  progress,
  onSent,
}: {
  faculty: string | null;
  progress: ProgressFilter | null;
  onSent: (campaignId: string) => void;
}) {
  const { token } = useStaffSession();
  const handleError = useStaffErrorHandler();
  const refuse = useStaffRefusal();
  const send = useSendMessage(token);
  const [resolver] = useState(() =>
    schemaResolver<ComposeValues, MessageSendRequestParsed>(messageSendRequestSchema, {
      toRequest: (values) => requestOf(faculty, values, progress),
      fieldOf,
    }),
  );
  const {
    control,
    register,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useForm<ComposeValues, unknown, MessageSendRequestParsed>({
    resolver,
    defaultValues: {
      audience: progress ? 'progress' : 'all',
      day: null,
      channels: ['email', 'sms'],
      text: '',
    },
  });
  const [audience, day, channels, text] = useWatch({
    control,
    name: ['audience', 'day', 'channels', 'text'],
  });
  const [confirming, setConfirming] = useState<MessageSendRequest>();
  const [outcome, setOutcome] = useState<{ message: string; ok: boolean }>();

  // The count follows the faculty, audience, day and channels; the text does not change it, so it is left out.
  const previewRequest: MessagePreviewRequest = {
    faculty,
    filter: filterOf(audience, day, progress),
    channels,
  };
  const previewCheck = messagePreviewRequestSchema.safeParse(previewRequest);
  const preview = useMessagePreview(token, previewCheck.success ? previewRequest : null);
  const counted = preview.data?.status === 'success' ? preview.data.data.data : undefined;
  const previewFailure = preview.data?.status === 'error' ? preview.data : undefined;

  useEffect(() => {
    if (previewFailure?.httpStatus === 401) handleError(previewFailure);
  }, [previewFailure, handleError]);

  const submit = handleSubmit(() => {
    setOutcome(undefined);
    setConfirming(requestOf(faculty, { audience, day, channels, text }, progress));
  });

  const confirm = (request: MessageSendRequest) =>
    send.mutate(request, {
      onSuccess: (result) => {
        setConfirming(undefined);
        if (result.status === 'error') return refuse(result, (message) => setOutcome({ message, ok: false }));
        setOutcome({ message: result.data.message, ok: true });
        showSuccessNotice(result.data.message);
        onSent(result.data.data.campaignId);
        resetField('text');
      },
    });

  return (
    <form onSubmit={submit} noValidate aria-label={COMPOSE}>
      <Stack gap="md">
        <Controller
          control={control}
          name="audience"
          render={({ field }) => (
            <Radio.Group
              label={AUDIENCE}
              value={field.value}
              onChange={(value) => field.onChange(value as MessageAudience)}
              error={errors.audience?.message}
              errorProps={ERROR_PROPS}
            >
              <Stack gap="xs" mt="xs">
                {/* The audience of a funnel count is offered only when the address names one. */}
                {MESSAGE_AUDIENCES.filter((value) => value !== 'progress' || progress).map((value, index) => (
                  <Radio
                    key={value}
                    ref={index === 0 ? field.ref : undefined}
                    value={value}
                    label={
                      value === 'progress' && progress
                        ? progressAudienceLabel(progress)
                        : MESSAGE_AUDIENCE_LABELS[value]
                    }
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />

        {audience === 'appointedOn' && (
          <Controller
            control={control}
            name="day"
            render={({ field }) => (
              <OptionalDatePicker
                label={DAY}
                value={field.value}
                onChange={field.onChange}
                weekendDays={DEFAULT_INTERVIEW_WEEKEND_DAYS}
                placeholder={DAY_PLACEHOLDER}
                error={errors.day?.message}
              />
            )}
          />
        )}

        <Controller
          control={control}
          name="channels"
          render={({ field }) => (
            <Checkbox.Group
              label={CHANNELS}
              value={field.value}
              onChange={(value) => field.onChange(value as NotificationChannel[])}
              error={errors.channels?.message}
              errorProps={ERROR_PROPS}
            >
              <Group gap="lg" mt="xs">
                {NOTIFICATION_CHANNELS.map((channel, index) => (
                  <Checkbox
                    key={channel}
                    ref={index === 0 ? field.ref : undefined}
                    value={channel}
                    label={NOTIFICATION_CHANNEL_LABELS[channel]}
                  />
                ))}
              </Group>
            </Checkbox.Group>
          )}
        />

        <Textarea
          label={TEXT}
          // The count sits under the field, inside its description, so it is read with the field.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          description={
            <Text span inherit c={text.length > STAFF_MESSAGE_MAX_LENGTH ? 'red.9' : undefined}>
              {`عدد الأحرف: ${text.length} من ${STAFF_MESSAGE_MAX_LENGTH}`}
            </Text>
          }
          withAsterisk
          rows={5}
          resize="vertical"
          size="md"
          error={errors.text?.message}
          errorProps={ERROR_PROPS}
          {...register('text')}
        />

        <Recipients
          problem={previewCheck.success ? undefined : previewCheck.error.issues[0]?.message}
          counted={counted}
          failure={previewFailure?.message}
          channels={channels}
        />

        <Group>
          <Button type="submit" disabled={!counted || counted.students === 0}>
            {SEND}
          </Button>
        </Group>

        {outcome && (
          <Alert color={outcome.ok ? 'teal' : 'red'} variant="light" role={outcome.ok ? 'status' : 'alert'}>
            {outcome.message}
          </Alert>
        )}
      </Stack>

      {confirming && counted && (
        <ConfirmSend
          request={confirming}
          counted={counted}
          pending={send.isPending}
          onConfirm={() => confirm(confirming)}
          onCancel={() => setConfirming(undefined)}
        />
      )}
    </form>
  );
}

type Counted = MessagePreviewResponse['data'];

/** The count of the students the message would reach, asked for again as the filter changes. */
function Recipients({
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
function ConfirmSend({ request, counted, pending, onConfirm, onCancel }: ConfirmSendProps) {
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
