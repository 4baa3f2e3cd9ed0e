import { Alert, Checkbox, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import {
  DEFAULT_INTERVIEW_WEEKEND_DAYS,
  MESSAGE_AUDIENCE_LABELS,
  MESSAGE_AUDIENCES,
  type MessageAudience,
  type MessagePreviewRequest,
  type MessageSendRequest,
  type MessageSendRequestParsed,
  messagePreviewRequestSchema,
  messageSendRequestSchema,
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type ProgressFilter,
  STAFF_MESSAGE_MAX_LENGTH,
} from '@portal/common';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ERROR_PROPS } from '@/components/admin/field-error';
import { OptionalDatePicker } from '@/components/admin/schedule-date-picker';
import { type Issue, schemaResolver } from '@/components/admin/schema-resolver';
import { useStaffErrorHandler, useStaffRefusal, useStaffSession } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import { showSuccessNotice } from '@/components/notices';
import { useMessagePreview, useSendMessage } from './api/notifications';
import { progressAudienceLabel } from './notification-stats';

import { ConfirmSend, Recipients } from './recipients';

export const COMPOSE = 'رسالة إلى طلاب الكلية';
const AUDIENCE = 'الطلاب المرسل إليهم';
const DAY = 'يوم الاختبار الشخصي';
const DAY_PLACEHOLDER = 'اختر اليوم';
const CHANNELS = 'طريقة الإرسال';
const TEXT = 'نص الرسالة';
const SEND = 'إرسال الرسالة';

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

export function ComposeForm({
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
