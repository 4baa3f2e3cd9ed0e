import { Alert, Badge, Group, Loader, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import {
  addDays,
  createSlotRequestSchema,
  type InterviewSlot,
  PERIOD_LABELS,
  type Period,
  SLOT_CAPACITY_MAX,
  SLOT_PLACE_MAX_LENGTH,
  schedulingDayProblem,
  updateSlotRequestSchema,
} from '@portal/common';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { DIALOG_STYLES } from '@/components/admin/dialog-styles';
import { ERROR_PROPS } from '@/components/admin/field-error';
import { dayLabel } from '@/components/admin/schedule-day';
import { type SafeParser, schemaResolver } from '@/components/admin/schema-resolver';
import { Section } from '@/components/admin/section';
import { useStaffErrorHandler, useStaffRefusal, useStaffSession } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import { InputField } from '@/components/input-field';
import { showSuccessNotice } from '@/components/notices';
import { useCreateSlot, useSlots, useUpdateSlot } from './api/interview-slots';
import { PERIOD_OPTIONS } from './period-options';
import classes from './schedule.module.css';

export const SLOTS_TITLE = 'مواعيد المقابلات المتاحة للحجز';
/** The list shows the chosen day and the weeks after it: about as far ahead as students book. */
export const SLOT_LIST_DAYS = 28;

const CAPACITY = 'عدد الأماكن';
const PLACE = 'المكان';
const PLACE_EXAMPLE = 'مثال: قاعة 3، الدور الثاني';
const PUBLISH = 'نشر الموعد';
const EDIT = 'تعديل';
const SAVE = 'حفظ التعديل';
const CANCEL = 'إلغاء';
const CLOSE_SLOT = 'إغلاق الحجز';
const REOPEN_SLOT = 'إعادة فتح الحجز';
const RETRY = 'إعادة المحاولة';
const STATE = { closed: 'مغلق للحجز', full: 'مكتمل', open: 'متاح للحجز' } as const;

type PeriodValue = '9' | '12';

/**
 * Issue 18: the slots students book themselves. Publishing is for the day chosen at the top of the screen, as
 * 'appoint N' is; the list shows that day and the four weeks after it, each slot with its bookings, to edit or to
 * close. 'Appoint N' above keeps working beside the slots: it is the staff's override.
 */
export function InterviewSlots({
  date,
  today,
  weekendDays,
}: {
  date: string;
  today: string;
  weekendDays: readonly number[];
}) {
  return (
    <Section title={SLOTS_TITLE} id="schedule-slots">
      <PublishSlotForm date={date} today={today} weekendDays={weekendDays} />
      <SlotList from={date} to={addDays(date, SLOT_LIST_DAYS - 1)} />
    </Section>
  );
}

interface PublishValues {
  period: PeriodValue;
  capacity: string;
  place: string;
}

interface PublishOutput {
  date: string;
  period: Period;
  capacity: number;
  place: string;
}

function PublishSlotForm({
  date,
  today,
  weekendDays,
}: {
  date: string;
  today: string;
  weekendDays: readonly number[];
}) {
  const { token } = useStaffSession();
  const refuse = useStaffRefusal();
  const create = useCreateSlot(token);
  const headingId = useId();
  // The day comes from the screen's picker, so the form checks the fields with it, as the server will.
  const resolver = useMemo(
    () =>
      schemaResolver<PublishValues, PublishOutput>(createSlotRequestSchema, {
        toRequest: (values) => ({ ...values, date }),
      }),
    [date],
  );
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<PublishValues, unknown, PublishOutput>({
    resolver,
    defaultValues: { period: '9', capacity: '', place: '' },
  });
  // An answer is about one day: once another is chosen it no longer shows.
  const [answer, setAnswer] = useState<{ message: string; date: string; ok: boolean }>();
  const shown = answer?.date === date ? answer : undefined;
  const dayProblem = schedulingDayProblem(date, today, weekendDays);

  const submit = handleSubmit((values) => {
    setAnswer(undefined);
    create.mutate(values, {
      onSuccess: (result) => {
        if (result.status === 'error')
          return refuse(result, (message) => setAnswer({ message, date, ok: false }));
        setAnswer({ message: result.data.message, date, ok: true });
        showSuccessNotice(result.data.message);
        reset({ period: values.period === 9 ? '9' : '12', capacity: '', place: '' });
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby={headingId} className={classes.slotForm}>
      <Stack gap="sm">
        <Text fw={600} id={headingId}>
          {'نشر موعد يوم '}
          <bdi>{dayLabel(date)}</bdi>
        </Text>
        {dayProblem && (
          <Alert color="yellow" variant="light" role="status">
            {`لا يمكن نشر موعد في هذا اليوم: ${dayProblem}`}
          </Alert>
        )}
        <div className={classes.slotRow}>
          <NativeSelect
            size="md"
            label="الفترة"
            data={PERIOD_OPTIONS}
            error={errors.period?.message}
            errorProps={ERROR_PROPS}
            {...register('period')}
          />
          <InputField
            label={CAPACITY}
            description={`من 1 إلى ${SLOT_CAPACITY_MAX}`}
            // Under the input, so that the three inputs stay level beside each other.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            inputMode="numeric"
            autoComplete="off"
            error={errors.capacity?.message}
            errorProps={ERROR_PROPS}
            {...register('capacity')}
          />
          <InputField
            label={PLACE}
            placeholder={PLACE_EXAMPLE}
            maxLength={SLOT_PLACE_MAX_LENGTH}
            autoComplete="off"
            error={errors.place?.message}
            errorProps={ERROR_PROPS}
            {...register('place')}
          />
          <Button type="submit" loading={create.isPending} disabled={dayProblem !== undefined}>
            {PUBLISH}
          </Button>
        </div>
        {shown && (
          <Alert color={shown.ok ? 'teal' : 'red'} variant="light" role={shown.ok ? 'status' : 'alert'}>
            {shown.message}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

function SlotList({ from, to }: { from: string; to: string }) {
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
