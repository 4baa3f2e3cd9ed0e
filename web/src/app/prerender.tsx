import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';
import { routes } from './routes';

export { LOGIN_ERROR_PARAM, LOGIN_FORM_ERROR_CODES } from '@portal/common';

/**
 * The markup a screen first renders, for the build to put into the page (scripts/prerender-web.mjs): a phone then
 * shows, and can use, the login screen before any script has arrived. Rendered as the browser's first render
 * would be, with no cookies and no answers yet; React replaces it when it starts (no hydration: the browser's
 * first render may differ, e.g. a returning student resumes instead).
 */
export async function renderScreen(path: string): Promise<string> {
  const handler = createStaticHandler(routes, { basename: import.meta.env.BASE_URL.replace(/\/$/, '') });
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response)
    throw new Error(`${path} answers ${context.status}; it cannot be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppProvider queryClient={createQueryClient()}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProvider>,
  );
}
