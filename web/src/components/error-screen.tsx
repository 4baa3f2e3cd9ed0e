import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

const BACK_HOME = 'العودة إلى الصفحة الرئيسية';
const ERROR_TYPE = 'نوع الخطأ';

export function ErrorScreen({ code, message }: { code: number | string; message: string }) {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center">
      <Text fz={64} fw={700} c="university.8" lh={1} aria-hidden="true">
        {code}
      </Text>
      <Title order={2}>{message}</Title>
      <Text c="dimmed">
        {ERROR_TYPE}: {code}
      </Text>
      <Anchor component={Link} to="/">
        {BACK_HOME}
      </Anchor>
    </Stack>
  );
}
