import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  addDays,
  formatScheduleDate,
  PERIOD_LABELS,
  type StudentBooking,
  type StudentData,
  type StudentSlot,
  WEEKDAY_NAMES,
  weekdayOf,
} from '@portal/common';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useRefreshStudent, useStudentSession, withStudentFlags } from '@/lib/student-session';
import { useBookInterview, useCancelInterview, useInterviewSlots } from '../api/interview-booking';
import { useLoadedSession } from './student-guard';

const CHOOSE_TITLE = 'المواعيد المتاحة للحجز';
const CHANGE_TITLE = 'تغيير الموعد أو إلغاؤه';
const BOOK = 'حجز هذا الموعد';
const MOVE = 'نقل الحجز إلى هذا الموعد';
const CHANGE = 'تغيير الموعد';
const HIDE_CHANGE = 'إخفاء المواعيد الأخرى';
const CANCEL = 'إلغاء الحجز';
const CONFIRM_CANCEL = 'نعم، ألغِ الحجز';
const KEEP = 'تراجع';
const CANCEL_QUESTION = 'هل تريد إلغاء حجز موعدك؟ سيصبح مكانك متاحا لطالب آخر.';
const NONE_OPEN = 'لا توجد مواعيد متاحة للحجز الآن. تابع هذه الصفحة، فقد تُنشر مواعيد جديدة.';
const NONE_OTHER = 'لا توجد مواعيد أخرى متاحة الآن.';
const LOADING = 'جاري تحميل المواعيد…';
const RETRY = 'إعادة المحاولة';
const PLACE = 'المكان';
const FREE = 'الأماكن المتاحة';

/** What a booking or a cancellation answered, shown above whichever view follows. */
export interface BookingNotice {
  message: string;
}

/** `YYYY-MM-DD` with its weekday, as the rest of the screen writes days: 'السبت 15/08/2026'. */
function dayText(date: string): string {
  return `${WEEKDAY_NAMES[weekdayOf(date)]} ${formatScheduleDate(date)}`;
}

/**
 * Until when the booking may change, on the university's clock: the same hour `hours` earlier. A whole number of
 * days back lands on the period's own hour, so no time zone is needed to say it.
 */
function changeDeadline(booking: StudentBooking, hours: number) {
  if (hours % 24 !== 0) return `قبل بدايته بـ ${hours} ساعة`;
  const day = addDays(booking.date, -hours / 24);
  return (
    <>
      {'حتى الساعة '}
      <bdi>{`${booking.period}:00`}</bdi>
      {' يوم '}
      <bdi>{dayText(day)}</bdi>
    </>
  );
}

interface InterviewBookingProps {
  studentId: string;
  /** The student holds its own booking (to move or cancel); otherwise it is waiting for one. */
  booked: boolean;
  onDone: (notice: BookingNotice) => void;
}

/**
 * Issue 18, the student's side: the published slots with free places to book, or, for a student holding its own
 * booking, moving or cancelling it while more than the cut-off remains. The server decides every case; its refusal
 * (a slot just filled, too late to change) is shown as it says it.
 */
export function InterviewBooking({ studentId, booked, onDone }: InterviewBookingProps) {
  const slots = useInterviewSlots(studentId, true);
  const book = useBookInterview(studentId);
  const cancel = useCancelInterview(studentId);
  const session = useLoadedSession();
  const { setSession } = useStudentSession();
  const refresh = useRefreshStudent();
  const [problem, setProblem] = useState<string | null>(null);
  const [changing, setChanging] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  const busy = book.isPending || cancel.isPending;

  /**
   * The server's answer is the appointment now: shown at once from it, then the lookup is repeated so the rest
   * of the portal agrees (a failed lookup leaves the answer's flags in place).
   */
  const settle = (message: string, flags: Partial<StudentData>) => {
    setSession(withStudentFlags(session, flags));
    onDone({ message });
    void refresh();
  };

  const choose = (slot: StudentSlot) => {
    setProblem(null);
    book.mutate(slot.id, {
      onSuccess: (result) => {
        if (result.status === 'error') return setProblem(result.message);
        const { booking } = result.data.data;
        settle(result.data.message, {
          appointed: true,
          appointedDay: booking.date,
          appointedHour: booking.period,
          appointmentPlace: booking.place,
        });
      },
    });
  };

  const confirmCancel = () => {
    setProblem(null);
    cancel.mutate(undefined, {
      onSuccess: (result) => {
        setConfirming(false);
        if (result.status === 'error') return setProblem(result.message);
        settle(result.data.message, {
          appointed: false,
          appointedDay: null,
          appointedHour: null,
          appointmentPlace: null,
        });
      },
    });
  };

  const answer = slots.data;
  const problemBox = problem && (
    <Alert color="red" variant="light" role="alert">
      {problem}
    </Alert>
  );

  let body: ReactNode;
  if (answer === undefined) {
    body = (
      <Group gap="xs">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">{LOADING}</Text>
      </Group>
    );
  } else if (answer.status === 'error') {
    body = (
      <Alert color="red" variant="light" role="alert" title={answer.message}>
        <Button size="sm" variant="light" color="red" mt="xs" onClick={() => slots.refetch()}>
          {RETRY}
        </Button>
      </Alert>
    );
  } else if (!booked) {
    body = (
      <>
        <Text size="sm">
          {`اختر الموعد المناسب لك. يمكنك تغيير الموعد أو إلغاؤه حتى ${answer.data.data.changeCutoffHours} ساعة قبل بدايته.`}
        </Text>
        {problemBox}
        <SlotChoices
          slots={answer.data.data.slots}
          action={BOOK}
          empty={NONE_OPEN}
          onChoose={choose}
          pendingId={book.isPending ? book.variables : undefined}
          disabled={busy}
        />
      </>
    );
  } else {
    const { booking, changeCutoffHours } = answer.data.data;
    if (booking === null) return null;
    body = booking.changeable ? (
      <>
        <Text size="sm">
          {'يمكنك تغيير الموعد أو إلغاؤه '}
          {changeDeadline(booking, changeCutoffHours)}
          {'.'}
        </Text>
        {problemBox}
        <Group gap="sm">
          <Button
            variant="light"
            size="md"
            aria-expanded={changing}
            onClick={() => {
              setConfirming(false);
              setChanging((open) => !open);
            }}
          >
            {changing ? HIDE_CHANGE : CHANGE}
          </Button>
          <Button
            variant="light"
            color="red"
            size="md"
            aria-expanded={confirming}
            onClick={() => {
              setChanging(false);
              setConfirming(true);
            }}
          >
            {CANCEL}
          </Button>
        </Group>
        {confirming && (
          <CancelConfirmation
            pending={cancel.isPending}
            onConfirm={confirmCancel}
            onKeep={() => setConfirming(false)}
          />
        )}
        {changing && (
          <SlotChoices
            slots={answer.data.data.slots}
            action={MOVE}
            empty={NONE_OTHER}
            onChoose={choose}
            pendingId={book.isPending ? book.variables : undefined}
            disabled={busy}
          />
        )}
      </>
    ) : (
      <>
        {problemBox}
        <Text size="sm">{`لا يمكن تغيير الموعد أو إلغاؤه قبل بدايته بأقل من ${changeCutoffHours} ساعة.`}</Text>
      </>
    );
  }

  return (
    <Stack component="section" gap="sm" aria-labelledby={titleId}>
      <Title order={3} size="h4" id={titleId}>
        {booked ? CHANGE_TITLE : CHOOSE_TITLE}
      </Title>
      {body}
    </Stack>
  );
}

function CancelConfirmation({
  pending,
  onConfirm,
  onKeep,
}: {
  pending: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  const questionId = useId();
  const ref = useRef<HTMLDivElement>(null);
  // The question appears under the button that asked it; a screen reader is taken to it.
  useEffect(() => ref.current?.focus(), []);
  return (
    <Paper
      ref={ref}
      tabIndex={-1}
      role="group"
      aria-labelledby={questionId}
      withBorder
      radius="md"
      p="md"
      bg="red.0"
    >
      <Stack gap="sm">
        <Text id={questionId} fw={600}>
          {CANCEL_QUESTION}
        </Text>
        <Group gap="sm">
          <Button color="red" size="md" loading={pending} onClick={onConfirm}>
            {CONFIRM_CANCEL}
          </Button>
          <Button variant="default" size="md" disabled={pending} onClick={onKeep}>
            {KEEP}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function SlotChoices({
  slots,
  action,
  empty,
  onChoose,
  pendingId,
  disabled,
}: {
  slots: StudentSlot[];
  action: string;
  empty: string;
  onChoose: (slot: StudentSlot) => void;
  pendingId: string | undefined;
  disabled: boolean;
}) {
  if (slots.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, sm: 2 }}
      spacing="sm"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {slots.map((slot) => (
        <SlotChoice
          key={slot.id}
          slot={slot}
          action={action}
          onChoose={() => onChoose(slot)}
          pending={pendingId === slot.id}
          disabled={disabled}
        />
      ))}
    </SimpleGrid>
  );
}

function SlotChoice({
  slot,
  action,
  onChoose,
  pending,
  disabled,
}: {
  slot: StudentSlot;
  action: string;
  onChoose: () => void;
  pending: boolean;
  disabled: boolean;
}) {
  const titleId = useId();
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-labelledby={titleId}>
      <Stack gap="xs">
        <div id={titleId}>
          <Text fw={700}>
            <bdi>{dayText(slot.date)}</bdi>
          </Text>
          <Text size="sm">{PERIOD_LABELS[slot.period]}</Text>
          <Text size="sm">
            {`${PLACE}: `}
            <bdi>{slot.place}</bdi>
          </Text>
        </div>
        <Text size="sm" c="dimmed">{`${FREE}: ${slot.free}`}</Text>
        <Button
          size="md"
          onClick={onChoose}
          loading={pending}
          disabled={disabled && !pending}
          aria-describedby={titleId}
          w={{ base: '100%', xs: 'auto' }}
          style={{ alignSelf: 'flex-start' }}
        >
          {action}
        </Button>
      </Stack>
    </Paper>
  );
}
