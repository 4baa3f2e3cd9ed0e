import { MESSAGES } from '@portal/common';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from '@/components/error-screen';

/** Replaces React Router's English developer page, e.g. when a screen's code cannot be downloaded. */
export function RouteError() {
  const error = useRouteError();
  const code = isRouteErrorResponse(error) ? error.status : error instanceof Error ? error.name : 500;
  return <ErrorScreen code={code} message={MESSAGES.unexpected} />;
}
