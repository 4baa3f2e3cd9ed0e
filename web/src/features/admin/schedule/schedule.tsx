import { Alert, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import {
  appointFormSchema,
  DEFAULT_INTERVIEW_WEEKEND_DAYS,
  MESSAGE_TEMPLATES,
  MESSAGES,
  PERIOD_LABELS,
  type Period,
  type ScheduleCounts,
  schedulingDayProblem,
  TOAST_SUCCESS_LONG_MS,
} from '@portal/common';
import { type FormEvent, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ERROR_PROPS } from '@/components/admin/field-error';
import { ScheduleDatePicker } from '@/components/admin/schedule-date-picker';
import { dayLabel, localToday } from '@/components/admin/schedule-day';
import { schemaResolver } from '@/components/admin/schema-resolver';
import { Section } from '@/components/admin/section';
import { useStaffErrorHandler, useStaffRefusal, useStaffSession } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import countList from '@/components/count-list.module.css';
import { InputField } from '@/components/input-field';
import { showSuccessNotice } from '@/components/notices';
import { requestPrintLink, useAppointStudents, useScheduleCounts } from './api/scheduling';
import { InterviewSlots } from './interview-slots';
import { openPendingTab } from './pending-tab';
import { PERIOD_OPTIONS } from './period-options';
import classes from './schedule.module.css';

const TITLE = 'جدولة الاختبار الشخصي';
const RETRY = 'إعادة المحاولة';

type PeriodValue = '9' | '12';

/**
 * Spec section 2, schedule (social service and super admin; the shell and the server both enforce it): a day
 * picker defaulting to today, the students waiting, the day's counts per period, the scheduling form and the
 * print form; then the slots students book themselves (issue 18).
 */
export function Schedule() {
  const { token } = useStaffSession();
  const handleError = useStaffErrorHandler();
  const [picked, setPicked] = useState<string>();
  // 'Today' is the university's (its time zone), which the first answer gives; until then, this computer's.
  const [universityToday, setUniversityToday] = useState<string>();
  const date = picked ?? universityToday ?? localToday();
  const counts = useScheduleCounts(token, date);
  const answer = counts.data;

  useEffect(() => {
    if (answer?.status === 'error' && answer.httpStatus === 401) handleError(answer);
  }, [answer, handleError]);

  const data = answer?.status === 'success' ? answer.data.data : undefined;
  const today = data?.today;
  useEffect(() => {
    if (today) setUniversityToday((known) => known ?? today);
  }, [today]);
  const weekendDays = data?.weekendDays ?? DEFAULT_INTERVIEW_WEEKEND_DAYS;

  return (
    <Stack gap="lg">
      <Title order={2}>{TITLE}</Title>

      <Section title="أعداد الطلاب" id="schedule-day">
        <ScheduleDatePicker value={date} onChange={setPicked} weekendDays={weekendDays} />
        {answer?.status === 'error' ? (
          <Alert color="red" variant="light" role="alert" title={answer.message}>
            <Button size="sm" variant="light" color="red" mt="xs" onClick={() => counts.refetch()}>
              {RETRY}
            </Button>
          </Alert>
        ) : (
          <CountsView date={date} counts={data} loading={counts.isFetching} />
        )}
      </Section>

      <AppointForm date={date} today={today ?? universityToday ?? localToday()} weekendDays={weekendDays} />
      <PrintForm date={date} counts={data} />
      <InterviewSlots
        date={date}
        today={today ?? universityToday ?? localToday()}
        weekendDays={weekendDays}
      />
    </Stack>
  );
}

function CountsView({ date, counts, loading }: { date: string; counts?: ScheduleCounts; loading: boolean }) {
  const value = (n: number | undefined) =>
    n === undefined ? <Loader size="sm" aria-label="جاري التحميل" /> : n;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" aria-live="polite">
        {`المواعيد المحددة يوم ${dayLabel(date)}`}
      </Text>
      <dl className={countList.counts} aria-busy={loading}>
        <div className={`${countList.count} ${classes.waiting}`}>
          <dt>الطلاب المنتظرون</dt>
          <dd data-testid="students-waiting">{value(counts?.studentsWaiting)}</dd>
        </div>
        <div className={countList.count}>
          <dt>{PERIOD_LABELS[9]}</dt>
          <dd data-testid="students-9">{value(counts?.students9)}</dd>
        </div>
        <div className={countList.count}>
          <dt>{PERIOD_LABELS[12]}</dt>
          <dd data-testid="students-12">{value(counts?.students12)}</dd>
        </div>
      </dl>
    </Stack>
  );
}

interface AppointValues {
  period: PeriodValue;
  NumOfStudents: string;
}

const appointResolver = schemaResolver<AppointValues, { period: Period; NumOfStudents: number }>(
  appointFormSchema,
);

/** Scheduling form (spec section 5: the number of students is required). */
function AppointForm({
  date,
  today,
  weekendDays,
}: {
  date: string;
  today: string;
  weekendDays: readonly number[];
}) {
  const { token } = useStaffSession();
  const handleError = useStaffErrorHandler();
  const appoint = useAppointStudents(token);
  const [outcome, setOutcome] = useState<{ message: string; fewer: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AppointValues, unknown, { period: Period; NumOfStudents: number }>({
    resolver: appointResolver,
    defaultValues: { period: '9', NumOfStudents: '' },
  });
  const dayProblem = schedulingDayProblem(date, today, weekendDays);

  const submit = handleSubmit((values) => {
    setOutcome(null);
    appoint.mutate(
      { date, ...values },
      {
        onSuccess: (result) => {
          if (result.status === 'error') return handleError(result);
          const { appointed, requested } = result.data.data;
          const fewer = appointed < requested;
          setOutcome({ message: result.data.message, fewer });
          showSuccessNotice(result.data.message, fewer ? TOAST_SUCCESS_LONG_MS : undefined);
        },
      },
    );
  });

  return (
    <Section title="تحديد مواعيد" id="schedule-appoint">
      <form onSubmit={submit} noValidate aria-labelledby="schedule-appoint">
        <Stack gap="sm">
          {dayProblem && (
            <Alert color="yellow" variant="light" role="status">
              {dayProblem}
            </Alert>
          )}
          <div className={classes.formRow}>
            <NativeSelect
              size="md"
              label="الفترة"
              data={PERIOD_OPTIONS}
              error={errors.period?.message}
              errorProps={ERROR_PROPS}
              {...register('period')}
            />
            <InputField
              label="عدد الطلاب"
              inputMode="numeric"
              autoComplete="off"
              error={errors.NumOfStudents?.message}
              errorProps={ERROR_PROPS}
              {...register('NumOfStudents')}
            />
            <Button type="submit" loading={appoint.isPending} disabled={dayProblem !== undefined}>
              جدولة
            </Button>
          </div>
          {outcome && (
            <Alert color={outcome.fewer ? 'yellow' : 'teal'} variant="light" role="status">
              {outcome.message}
            </Alert>
          )}
        </Stack>
      </form>
    </Section>
  );
}

/**
 * Print form (spec section 5: printing needs students scheduled that day, and in the chosen period). The list opens
 * in a new tab at a print link whose token is good for this day and period for 10 minutes (issue 33).
 */
function PrintForm({ date, counts }: { date: string; counts?: ScheduleCounts }) {
  const refused = useStaffRefusal();
  const [period, setPeriod] = useState<PeriodValue>('9');
  const [asking, setAsking] = useState(false);
  // A refusal is about one day, period and counts: once any of them changes it no longer shows.
  const [refusal, setRefusal] = useState<{ message: string; key: string }>();
  const key = `${date} ${period} ${counts?.students9} ${counts?.students12}`;
  const problem = refusal?.key === key ? refusal.message : undefined;

  const print = async (event: FormEvent) => {
    event.preventDefault();
    if (!counts || asking) return;
    const chosen = Number(period) as Period;
    const refuse = (message: string) => setRefusal({ message, key });
    if (counts.students9 + counts.students12 === 0) return refuse(MESSAGES.noStudentsScheduledDay);
    if ((chosen === 9 ? counts.students9 : counts.students12) === 0)
      return refuse(MESSAGE_TEMPLATES.noStudentsScheduledPeriod(PERIOD_LABELS[chosen]));
    setRefusal(undefined);
    const tab = openPendingTab();
    setAsking(true);
    const result = await requestPrintLink({ date, period: chosen });
    setAsking(false);
    if (result.status === 'success') return tab.go(result.data.path);
    tab.close();
    refused(result, refuse);
  };

  return (
    <Section title="طباعة كشف المواعيد" id="schedule-print">
      <form onSubmit={print} noValidate aria-labelledby="schedule-print">
        <div className={`${classes.formRow} ${classes.printRow}`}>
          <NativeSelect
            size="md"
            label="فترة الكشف"
            data={PERIOD_OPTIONS}
            value={period}
            onChange={(event) => setPeriod(event.currentTarget.value as PeriodValue)}
            error={problem}
            errorProps={ERROR_PROPS}
          />
          <Button type="submit" variant="light" disabled={!counts} loading={asking}>
            طباعة
          </Button>
        </div>
      </form>
    </Section>
  );
}
