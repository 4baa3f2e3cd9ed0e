import { Alert, Badge, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import {
  type InterviewSlot,
  PERIOD_LABELS,
  SLOT_PLACE_MAX_LENGTH,
  updateSlotRequestSchema,
} from '@portal/common';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { DIALOG_STYLES } from '@/components/admin/dialog-styles';
import { ERROR_PROPS } from '@/components/admin/field-error';
import { dayLabel } from '@/components/admin/schedule-day';
import { type SafeParser, schemaResolver } from '@/components/admin/schema-resolver';
import { useStaffErrorHandler, useStaffRefusal, useStaffSession } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import { InputField } from '@/components/input-field';
import { showSuccessNotice } from '@/components/notices';
import { useSlots, useUpdateSlot } from './api/interview-slots';
import classes from './schedule.module.css';
import { CAPACITY, PLACE } from './slot-labels';

const EDIT = 'تعديل';
const SAVE = 'حفظ التعديل';
const CANCEL = 'إلغاء';
const CLOSE_SLOT = 'إغلاق الحجز';
const REOPEN_SLOT = 'إعادة فتح الحجز';
const RETRY = 'إعادة المحاولة';
const STATE = { closed: 'مغلق للحجز', full: 'مكتمل', open: 'متاح للحجز' } as const;

export function SlotList({ from, to }: { from: string; to: string }) {
  const { token } = useStaffSession();
  const handleError = useStaffErrorHandler();
  const slots = useSlots(token, { from, to });
  const [editing, setEditing] = useState<InterviewSlot>();
  const answer = slots.data;
  const captionId = useId();

  useEffect(() => {
    if (answer?.status === 'error' && answer.httpStatus === 401) handleError(answer);
  }, [answer, handleError]);

  if (answer?.status === 'error') {
    return (
      <Alert color="red" variant="light" role="alert" title={answer.message}>
        <Button size="sm" variant="light" color="red" mt="xs" onClick={() => slots.refetch()}>
          {RETRY}
        </Button>
      </Alert>
    );
  }

  const range = (
    <>
      {'من '}
      <bdi>{dayLabel(from)}</bdi>
      {' إلى '}
      <bdi>{dayLabel(to)}</bdi>
    </>
  );
  return (
    <Stack gap="sm" aria-busy={slots.isFetching}>
      <Text fw={600} id={captionId}>
        {'المواعيد المنشورة '}
        {range}
      </Text>
      {answer === undefined ? (
        <Loader size="sm" role="status" aria-label="جاري التحميل" />
      ) : answer.data.data.length === 0 ? (
        <Text c="dimmed">لا توجد مواعيد منشورة في هذه الأيام.</Text>
      ) : (
        <ul className={classes.slotList} aria-labelledby={captionId}>
          {answer.data.data.map((slot) => (
            <SlotCard key={slot.id} slot={slot} onEdit={() => setEditing(slot)} />
          ))}
        </ul>
      )}
      {editing && <EditSlotDialog slot={editing} onClose={() => setEditing(undefined)} />}
    </Stack>
  );
}

function slotState(slot: InterviewSlot): keyof typeof STATE {
  if (slot.closed) return 'closed';
  return slot.free === 0 ? 'full' : 'open';
}

const STATE_COLOR = { closed: 'gray', full: 'orange', open: 'teal' } as const;

function SlotCard({ slot, onEdit }: { slot: InterviewSlot; onEdit: () => void }) {
  const { token } = useStaffSession();
  const handleError = useStaffErrorHandler();
  const update = useUpdateSlot(token);
  const titleId = useId();
  const state = slotState(slot);

  const toggle = () =>
    update.mutate(
      { id: slot.id, changes: { closed: !slot.closed } },
      {
        onSuccess: (result) => {
          if (result.status === 'error') return handleError(result);
          showSuccessNotice(result.data.message);
        },
      },
    );

  return (
    <li className={classes.slot} aria-labelledby={titleId} data-closed={slot.closed || undefined}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <div id={titleId}>
          <Text fw={700}>
            <bdi>{dayLabel(slot.date)}</bdi>
          </Text>
          <Text size="sm">{PERIOD_LABELS[slot.period]}</Text>
          <Text size="sm">
            {`${PLACE}: `}
            <bdi>{slot.place}</bdi>
          </Text>
        </div>
        <Badge
          variant="light"
          color={STATE_COLOR[state]}
          c={`${STATE_COLOR[state]}.9`}
          radius="sm"
          tt="none"
          className={classes.slotState}
        >
          {STATE[state]}
        </Badge>
      </Group>
      <dl className={classes.slotCounts}>
        <div>
          <dt>السعة</dt>
          <dd>{slot.capacity}</dd>
        </div>
        <div>
          <dt>المحجوز</dt>
          <dd>{slot.booked}</dd>
        </div>
        <div>
          <dt>المتبقي</dt>
          <dd>{slot.free}</dd>
        </div>
      </dl>
      <Group gap="xs" className={classes.slotActions}>
        <Button size="sm" variant="light" onClick={onEdit} aria-describedby={titleId}>
          {EDIT}
        </Button>
        <Button
          size="sm"
          variant="light"
          color={slot.closed ? 'teal' : 'red'}
          loading={update.isPending}
          onClick={toggle}
          aria-describedby={titleId}
        >
          {slot.closed ? REOPEN_SLOT : CLOSE_SLOT}
        </Button>
      </Group>
    </li>
  );
}

interface EditValues {
  capacity: string;
  place: string;
}

const editResolver = schemaResolver<EditValues, { capacity?: number; place?: string }>(
  updateSlotRequestSchema as SafeParser<{ capacity?: number; place?: string }>,
);

/** Capacity and place of one slot; the server refuses a capacity below the students already booked (409). */
function EditSlotDialog({ slot, onClose }: { slot: InterviewSlot; onClose: () => void }) {
  const { token } = useStaffSession();
  const refuse = useStaffRefusal();
  const update = useUpdateSlot(token);
  const [problem, setProblem] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EditValues, unknown, { capacity?: number; place?: string }>({
    resolver: editResolver,
    defaultValues: { capacity: String(slot.capacity), place: slot.place },
  });

  const submit = handleSubmit((values) => {
    setProblem(undefined);
    const changes = {
      ...(values.capacity !== slot.capacity && { capacity: values.capacity }),
      ...(values.place !== slot.place && { place: values.place }),
    };
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate(
      { id: slot.id, changes },
      {
        onSuccess: (result) => {
          if (result.status === 'error') return refuse(result, setProblem);
          showSuccessNotice(result.data.message);
          onClose();
        },
      },
    );
  });

  return (
    <Modal opened onClose={onClose} title="تعديل الموعد" centered styles={DIALOG_STYLES}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            <bdi>{dayLabel(slot.date)}</bdi>
            {` — ${PERIOD_LABELS[slot.period]}`}
          </Text>
          <InputField
            label={CAPACITY}
            description={`المحجوز حاليا ${slot.booked}، ولا يقل العدد عنه`}
            inputMode="numeric"
            autoComplete="off"
            error={errors.capacity?.message}
            errorProps={ERROR_PROPS}
            data-autofocus
            {...register('capacity')}
          />
          <InputField
            label={PLACE}
            maxLength={SLOT_PLACE_MAX_LENGTH}
            autoComplete="off"
            error={errors.place?.message}
            errorProps={ERROR_PROPS}
            {...register('place')}
          />
          {problem && (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {CANCEL}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {SAVE}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
