import { Group, Paper, Text } from '@mantine/core';
import { FUNNEL_STATE_LABELS, PROGRESS_STEP_LABELS, type ProgressFilter } from '@portal/common';
import { progressParams } from '@/components/admin/progress-params';
import { Button, ButtonLink } from '@/components/button';

const PROGRESS_FILTER = 'خطوة المتابعة';
const REMOVE_PROGRESS = 'إلغاء تصفية الخطوة';
const MESSAGE_THEM = 'إرسال رسالة إلى هؤلاء الطلاب';

/**
 * The list narrowed to a funnel count (issue 36): which step and state, a way back to every student, and the
 * staff message to exactly these students (the current season's only: messages go to no past season).
 */
export function ProgressFilterNotice({
  progress,
  faculty,
  canMessage,
  onRemove,
}: {
  progress: ProgressFilter;
  faculty: string | null;
  canMessage: boolean;
  onRemove: () => void;
}) {
  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label={PROGRESS_FILTER}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text>
          {`${PROGRESS_FILTER}: `}
          <Text span fw={700}>
            {`${PROGRESS_STEP_LABELS[progress.step]} — ${FUNNEL_STATE_LABELS[progress.state]}`}
          </Text>
        </Text>
        <Group gap="sm">
          {canMessage && (
            <ButtonLink to={`/admin/notifications?${progressParams(faculty, progress)}`} size="sm">
              {MESSAGE_THEM}
            </ButtonLink>
          )}
          <Button size="sm" variant="light" onClick={onRemove}>
            {REMOVE_PROGRESS}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
