import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { STUDENT_SCREEN_HEADINGS } from '@/features/student/screen-heading/screen-headings';
import { AsksSeatNoContext } from '@/features/student-login/second-factor';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';
import { routes } from './routes';

export {
  LOGIN_ERROR_PARAM,
  LOGIN_FORM_ERROR_CODES,
  SEAT_NO_PAGES,
  STUDENT_SECOND_FACTOR_ATTRIBUTE,
} from '@portal/common';

/** The student screens (under /dashboard/) whose page the build prerenders: the header, heading and spinner. */
export const STUDENT_SCREENS = Object.keys(STUDENT_SCREEN_HEADINGS);

/**
 * The markup a screen first renders, for the build to put into the page (scripts/prerender-web.mjs): a phone then
 * shows the screen, and can use the login, before any script has arrived. Rendered as the browser's first render
 * is, with no cookies and no answers yet, so that React takes the markup over (main.tsx) rather than drawing it
 * again. `asksSeatNo` renders the pages served with STUDENT_SECOND_FACTOR=seatNo, whose login asks the seat number.
 */
export async function renderScreen(path: string, { asksSeatNo = false } = {}): Promise<string> {
  const handler = createStaticHandler(routes, { basename: import.meta.env.BASE_URL.replace(/\/$/, '') });
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response)
    throw new Error(`${path} answers ${context.status}; it cannot be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AsksSeatNoContext value={asksSeatNo}>
      <AppProvider queryClient={createQueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </AsksSeatNoContext>,
  );
}
