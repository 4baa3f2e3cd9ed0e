import { Alert, Stack, Text } from '@mantine/core';
import {
  countdownText,
  deadlineCountdown,
  deadlinePassed,
  deadlinePassedMessage,
  formatDeadline,
} from '@portal/common';
import { ExclamationIcon } from '@/components/icons';
import { useUniversityTimeZone } from './university-time-zone';
import { useDeadlineClock } from './use-deadline-clock';

export const DATA_DEADLINE_TEXTS = {
  deadline: 'آخر موعد لاستكمال البيانات ورفع المستندات:',
  closed: 'أُغلق استكمال البيانات ورفع المستندات',
  /** Said when the university's time zone is not known, so the deadline cannot be written on its clock. */
  closedUndated: 'انتهى موعد استكمال البيانات ورفع المستندات. للاستفسار تواصل مع الكلية.',
} as const;

function DeadlineLine({ deadline, formatted }: { deadline: string; formatted: string }) {
  return (
    <Text>
      {DATA_DEADLINE_TEXTS.deadline}{' '}
      <Text span fw={700}>
        <time dateTime={deadline}>{formatted}</time>
      </Text>
    </Text>
  );
}

/**
 * The college's data deadline (issue 17) on the university's clock; in its last three days a countdown, renewed
 * each minute, stands out with it; once it has passed, a notice that data entry and document replacement are
 * closed, in the words the server's refusal uses. Nothing without a deadline. The date waits for the time zone
 * (the branding), which has almost always come before the student's screen has.
 */
export function DataDeadline({ deadline }: { deadline: string | null }) {
  const now = useDeadlineClock(deadline);
  const timeZone = useUniversityTimeZone();
  if (deadline === null) return null;
  const formatted = timeZone === undefined ? undefined : formatDeadline(deadline, timeZone);

  if (deadlinePassed(deadline, now)) {
    // A status, so that a student on the screen when the deadline comes hears that it has closed.
    return (
      <Alert color="red" variant="light" role="status" icon={<ExclamationIcon size={18} />}>
        <Stack gap={4}>
          <Text fw={700}>{DATA_DEADLINE_TEXTS.closed}</Text>
          <Text>
            {formatted === undefined ? DATA_DEADLINE_TEXTS.closedUndated : deadlinePassedMessage(formatted)}
          </Text>
        </Stack>
      </Alert>
    );
  }

  const countdown = deadlineCountdown(deadline, now);
  const line = formatted === undefined ? null : <DeadlineLine deadline={deadline} formatted={formatted} />;
  if (countdown === null) return line;
  // Not a live region: a countdown read out every minute would talk over everything else on the screen.
  return (
    <Alert color="orange" variant="light" role="note" icon={<ExclamationIcon size={18} />}>
      <Stack gap={4}>
        {line}
        <Text fw={700}>{countdownText(countdown)}</Text>
      </Stack>
    </Alert>
  );
}
