import { Stack, Text, Title } from '@mantine/core';

const UNDER_CONSTRUCTION = 'هذه الشاشة قيد الإنشاء';

/** The honest body of a screen that another issue builds; it does not pretend to work. */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <Stack gap="xs">
      <Title order={2}>{title}</Title>
      <Text>{UNDER_CONSTRUCTION}</Text>
    </Stack>
  );
}
