import { Progress, Stack, Text } from '@mantine/core';
import { NOTIFICATION_STATE_LABELS, type StateCounts } from '@portal/common';
import classes from './notifications.module.css';
import { progressOf } from './state-counts';

const DONE_SHARE = 'نسبة ما انتهى إرساله';
const WAITING = NOTIFICATION_STATE_LABELS.queued;

/**
 * Where a staff message's sending stands: sent, failed, not sent (no address, or the channel is not set up) and
 * still waiting, with a bar of the share no longer waiting.
 */
export function MessageProgress({ counts, label }: { counts: StateCounts; label: string }) {
  const progress = progressOf(counts);
  const rows: [string, number][] = [
    [NOTIFICATION_STATE_LABELS.sent, progress.sent],
    [NOTIFICATION_STATE_LABELS.failed, progress.failed],
    [NOTIFICATION_STATE_LABELS.skipped, progress.skipped],
    [WAITING, progress.waiting],
  ];
  return (
    <Stack gap="xs">
      <Progress
        value={progress.donePercent}
        size="lg"
        color={progress.failed > 0 ? 'orange' : 'teal'}
        aria-label={`${DONE_SHARE}: ${label}`}
        animated={progress.waiting > 0}
      />
      <dl className={classes.progressCounts}>
        {rows.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Text size="sm" c="dimmed">
        {progress.waiting > 0
          ? `${DONE_SHARE}: ${progress.donePercent}% من ${progress.total} رسالة. تتحدث الأرقام تلقائيا.`
          : `انتهى إرسال ${progress.total} رسالة.`}
      </Text>
    </Stack>
  );
}
