import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One part of a staff screen: a bordered section named by its heading. */
export function Section({ title, id, children }: { title: ReactNode; id: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={3} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
