import { Alert, Group, Loader, Text } from '@mantine/core';
import { MESSAGES } from '@portal/common';
import { useEffect } from 'react';
import { Button } from '@/components/button';
import type { ApiResult } from '@/lib/api-client';
import { useStaffErrorHandler } from '../staff-session';

const RETRY = 'إعادة المحاولة';

/** A content screen's query answered 401: the session has ended, so the shell goes back to signing in. */
export function useEndSessionOnUnauthorized(answer: ApiResult<unknown> | undefined) {
  const handleError = useStaffErrorHandler();
  useEffect(() => {
    if (answer?.status === 'error' && answer.httpStatus === 401) handleError(answer);
  }, [answer, handleError]);
}

/** A content screen that could not load: the server's message, and a button that asks again. */
export function LoadProblem({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" role="alert" title={message}>
      <Button size="sm" variant="light" color="red" mt="xs" onClick={onRetry}>
        {RETRY}
      </Button>
    </Alert>
  );
}

/** A content screen still loading, said in words to a screen reader as well. */
export function LoadingStatus() {
  return (
    <Group role="status" justify="center" gap="sm" py="xl">
      <Loader size="sm" aria-hidden="true" />
      <Text>{MESSAGES.loading}</Text>
    </Group>
  );
}
