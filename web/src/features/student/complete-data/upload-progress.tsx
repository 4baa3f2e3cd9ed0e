import { Progress, Stack, Text } from '@mantine/core';
import { MessageBox } from './message-box';

const UPLOAD_PROGRESS = 'نسبة الإرسال';

/** A multipart upload under way: a load box with its title and how much has been sent (0-100). */
export function UploadProgress({ title, progress }: { title: string; progress: number }) {
  return (
    <MessageBox type="load" title={title}>
      <Stack gap={4}>
        <Progress value={progress} size="lg" aria-label={UPLOAD_PROGRESS} animated striped />
        <Text size="sm" aria-hidden="true">
          {`${progress}%`}
        </Text>
      </Stack>
    </MessageBox>
  );
}
