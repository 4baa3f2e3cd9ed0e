import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

export const CLOSED_SEASON_NOTICE = 'عام دراسي مغلق: البيانات للاطلاع فقط';

/** Said wherever a closed season's data is shown, so the actions missing or disabled there have their reason. */
export function ClosedSeasonNotice({ children }: { children?: ReactNode }) {
  return (
    <Alert color="orange" variant="light" role="status" title={CLOSED_SEASON_NOTICE}>
      {children}
    </Alert>
  );
}
