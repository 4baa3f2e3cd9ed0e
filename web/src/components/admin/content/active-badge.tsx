import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

/** Whether an entry is in use, in the card's corner: teal when it is, grey when it is not. */
export function ActiveBadge({
  active,
  className,
  children,
}: {
  active: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Badge
      variant="light"
      color={active ? 'teal' : 'gray'}
      c={active ? 'teal.9' : 'gray.8'}
      radius="sm"
      tt="none"
      className={className}
    >
      {children}
    </Badge>
  );
}
