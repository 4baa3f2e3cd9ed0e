import { Alert, Loader, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  DEFAULT_INTERVIEW_WEEKEND_DAYS,
  type InterviewDayStudent,
  normalizeDigits,
  PERIOD_LABELS,
  type Period,
} from '@portal/common';
import { type ReactNode, useDeferredValue, useEffect, useId, useState } from 'react';
import { ScheduleDatePicker } from '@/components/admin/schedule-date-picker';
import { dayLabel, localToday } from '@/components/admin/schedule-day';
import { Section } from '@/components/admin/section';
import { useStaffErrorHandler, useStaffSession } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import { useInterviewDay, useInterviewStatistics } from './api/interviews';
import { CountsList, RangeStatistics } from './interview-statistics';
import classes from './interviews.module.css';
import { StudentOutcome } from './student-outcome';

const TITLE = 'المقابلات الشخصية';
const RETRY = 'إعادة المحاولة';
const BOTH_PERIODS = 'الفترتان';
const FILTER = 'بحث بالاسم أو الرقم القومي';

type PeriodValue = '' | '9' | '12';
const PERIOD_OPTIONS = [
  { value: '', label: BOTH_PERIODS },
  ...([9, 12] as const).map((period) => ({ value: String(period), label: PERIOD_LABELS[period] })),
];

/**
 * Issue 18, the committee's screen (social service and super admin; the shell and the server both enforce it):
 * the day's students however they were appointed, attendance and the six scores of the personal-test form for
 * each, the decision and notes, saved one student at a time and corrected the same way; the day's counts, and the
 * counts and outcomes sheet of a range of days.
 */
export function Interviews() {
  // The committee sits at the university, so this computer's today is the interview day.
  const [date, setDate] = useState(localToday);
  const [period, setPeriod] = useState<PeriodValue>('');
  const chosenPeriod = period === '' ? undefined : (Number(period) as Period);

  return (
    <Stack gap="lg">
      <Title order={2}>{TITLE}</Title>
      <Section title="يوم المقابلات" id="interviews-day">
        <div className={classes.dayRow}>
          <ScheduleDatePicker value={date} onChange={setDate} weekendDays={DEFAULT_INTERVIEW_WEEKEND_DAYS} />
          <NativeSelect
            size="md"
            label="الفترة"
            data={PERIOD_OPTIONS}
            value={period}
            onChange={(event) => setPeriod(event.currentTarget.value as PeriodValue)}
          />
        </div>
        <DayCounts date={date} />
      </Section>
      <DayStudents date={date} period={chosenPeriod} />
      <RangeStatistics />
    </Stack>
  );
}

/** The chosen day's counts (both periods: the statistics are per day). */
function DayCounts({ date }: { date: string }) {
  const { token } = useStaffSession();
  const statistics = useInterviewStatistics(token, { from: date, to: date });
  const answer = statistics.data;
  const titleId = useId();
  return (
    <Stack gap="xs" aria-busy={statistics.isFetching}>
      <Text size="sm" c="dimmed" id={titleId}>
        {'أعداد يوم '}
        <bdi>{dayLabel(date)}</bdi>
      </Text>
      {answer === undefined ? (
        <Loader size="sm" aria-hidden="true" />
      ) : answer.status === 'error' ? (
        <Alert color="red" variant="light" role="alert">
          {answer.message}
        </Alert>
      ) : (
        <CountsList counts={answer.data.data.total} labelledBy={titleId} testIdPrefix="day" />
      )}
    </Stack>
  );
}

/** Name or national ID, as typed (Arabic-Indic digits and spaces in an ID too). */
function matches(student: InterviewDayStudent, filter: string): boolean {
  const text = filter.trim();
  if (text === '') return true;
  const digits = normalizeDigits(text);
  if (/^\d+$/.test(digits)) return student.nationalId.includes(digits);
  return student.name.includes(text);
}

function DayStudents({ date, period }: { date: string; period: Period | undefined }) {
  const { token } = useStaffSession();
  const handleError = useStaffErrorHandler();
  const day = useInterviewDay(token, date, period);
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const listId = useId();
  const answer = day.data;

  useEffect(() => {
    if (answer?.status === 'error' && answer.httpStatus === 401) handleError(answer);
  }, [answer, handleError]);

  const heading = (
    <>
      {'طلاب يوم '}
      <bdi>{dayLabel(date)}</bdi>
      {period === undefined ? '' : ` — ${PERIOD_LABELS[period]}`}
    </>
  );

  let body: ReactNode;
  if (answer === undefined) {
    body = <Loader size="sm" aria-hidden="true" />;
  } else if (answer.status === 'error') {
    body = (
      <Alert color="red" variant="light" role="alert" title={answer.message}>
        <Button size="sm" variant="light" color="red" mt="xs" onClick={() => day.refetch()}>
          {RETRY}
        </Button>
      </Alert>
    );
  } else if (answer.data.data.students.length === 0) {
    body = <Text c="dimmed">لا يوجد طلاب لهم موعد في هذا اليوم.</Text>;
  } else {
    const students = answer.data.data.students;
    const shown = students.filter((student) => matches(student, deferredFilter));
    body = (
      <>
        <TextInput
          size="md"
          label={FILTER}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          autoComplete="off"
          w={{ base: '100%', sm: 360 }}
          aria-controls={listId}
        />
        <Text size="sm" aria-live="polite">
          {shown.length === students.length
            ? `عدد الطلاب: ${students.length}`
            : `يظهر ${shown.length} من ${students.length} طالب`}
        </Text>
        <ul id={listId} className={classes.students}>
          {shown.map((student) => (
            <StudentOutcome key={student.studentId} student={student} showPeriod={period === undefined} />
          ))}
        </ul>
      </>
    );
  }

  return (
    <Section title={heading} id="interviews-students">
      {body}
    </Section>
  );
}
