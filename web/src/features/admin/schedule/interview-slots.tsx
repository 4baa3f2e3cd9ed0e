import { Alert, NativeSelect, Stack, Text } from '@mantine/core';
import {
  addDays,
  createSlotRequestSchema,
  type Period,
  SLOT_CAPACITY_MAX,
  SLOT_PLACE_MAX_LENGTH,
  schedulingDayProblem,
} from '@portal/common';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ERROR_PROPS } from '@/components/admin/field-error';
import { dayLabel } from '@/components/admin/schedule-day';
import { schemaResolver } from '@/components/admin/schema-resolver';
import { Section } from '@/components/admin/section';
import { useStaffRefusal, useStaffSession } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import { InputField } from '@/components/input-field';
import { showSuccessNotice } from '@/components/notices';
import { useCreateSlot } from './api/interview-slots';
import { PERIOD_OPTIONS } from './period-options';
import classes from './schedule.module.css';
import { CAPACITY, PLACE } from './slot-labels';
import { SlotList } from './slot-list';

export const SLOTS_TITLE = 'مواعيد المقابلات المتاحة للحجز';
/** The list shows the chosen day and the weeks after it: about as far ahead as students book. */
export const SLOT_LIST_DAYS = 28;

const PLACE_EXAMPLE = 'مثال: قاعة 3، الدور الثاني';
const PUBLISH = 'نشر الموعد';

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
