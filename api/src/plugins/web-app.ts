import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { LOGIN_ERROR_PARAM, loginFormErrorOf, MESSAGES, SEAT_NO_PAGES } from '@portal/common';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const WEB_BASE = '/stAdmission/';
export const DEFAULT_WEB_ROOT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/dist',
);

/** Where the build puts the prerendered pages of the student screens (scripts/prerender-web.mjs). */
const SCREEN_PAGES = 'dashboard';

/** The paths under the base that have a prerendered page of their own: `dashboard/<screen>.html` in `root`. */
export function prerenderedScreens(root: string): ReadonlySet<string> {
  const folder = path.join(root, SCREEN_PAGES);
  if (!existsSync(folder)) return new Set();
  return new Set(
    readdirSync(folder)
      .filter((file) => file.endsWith('.html'))
      .map((file) => `${WEB_BASE}${SCREEN_PAGES}/${file.slice(0, -'.html'.length)}`),
  );
}

/**
 * The page for a path under the base: the login screen prerendered (scripts/prerender-web.mjs), after a refused
 * form post the variant showing why, a student screen's own prerendered page, and for every other screen the web
 * app's page, so deep links and reloads work.
 */
export function pageFor(url: string, query: unknown, screens: ReadonlySet<string>): string {
  if (screens.has(url)) return `${url.slice(WEB_BASE.length)}.html`;
  if (url !== WEB_BASE) return 'app.html';
  const param =
    query && typeof query === 'object' ? (query as Record<string, unknown>)[LOGIN_ERROR_PARAM] : undefined;
  const error = loginFormErrorOf(typeof param === 'string' ? param : undefined);
  return error === undefined ? 'index.html' : `login-${error}.html`;
}

export interface WebAppOptions {
  root: string;
  /**
   * `STUDENT_SECOND_FACTOR` (issue 20): with 'seatNo' every page comes from the build's `seat-no/` folder, whose
   * login asks the seat number and whose `<html>` tells the web app so (scripts/prerender-web.mjs).
   */
  studentSecondFactor?: 'off' | 'seatNo';
}

/** The folder of `root` holding the pages for the setting: '' (the root itself) or `seat-no/`. */
export function pagesFolder(root: string, studentSecondFactor: WebAppOptions['studentSecondFactor']): string {
  if (studentSecondFactor !== 'seatNo') return '';
  if (!existsSync(path.join(root, SEAT_NO_PAGES, 'index.html')))
    throw new Error(
      `STUDENT_SECOND_FACTOR=seatNo needs the seat-number pages of the web app (${SEAT_NO_PAGES}/ in ${root}): run npm run build`,
    );
  return `${SEAT_NO_PAGES}/`;
}

/**
 * Serves the built web app under /stAdmission/: hashed assets cached for a year, pages revalidated on every
 * load (no-cache), each file as the precompressed brotli or gzip copy the client accepts, and the page of
 * `pageFor` (from the folder of the student second factor's setting) for every path under the base. Unknown API
 * paths get the Arabic 404 envelope.
 */
export const webApp = fp(
  async (app: FastifyInstance, options: WebAppOptions) => {
    const hasWebApp = existsSync(path.join(options.root, 'index.html'));
    const screens = prerenderedScreens(options.root);
    const pages = hasWebApp ? pagesFolder(options.root, options.studentSecondFactor) : '';
    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root: options.root,
        prefix: WEB_BASE,
        wildcard: true,
        index: false,
        // The build writes NAME.br and NAME.gz beside each file (scripts/precompress-web.mjs).
        preCompressed: true,
        // The build leaves its manifest in dist/.vite for the budget check; nothing under a dot is for browsers.
        dotfiles: 'ignore',
        setHeaders(res, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(WEB_BASE));

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '';
      if (url === WEB_BASE.slice(0, -1)) return reply.redirect(WEB_BASE);
      if (hasWebApp && url.startsWith(WEB_BASE) && (request.method === 'GET' || request.method === 'HEAD')) {
        return reply
          .header('cache-control', 'no-cache')
          .sendFile(pages + pageFor(url, request.query, screens), options.root);
      }
      return reply.code(404).send({ status: 'error', message: MESSAGES.notFoundRoute });
    });
  },
  { name: 'portal-web-app' },
);
