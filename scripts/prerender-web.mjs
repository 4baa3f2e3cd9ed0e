// Puts screens rendered at build time into the pages the portal serves for them, so that on a slow mobile network
// the screen shows before any script has arrived, and React takes that markup over when it starts (main.tsx):
//   - index.html: the login screen (`/stAdmission/`), which also works before the scripts (a plain form post,
//     answered with a redirect); its scripts come at low priority, the no-script notice is dropped;
//   - login-<code>.html: the same after a refused form post, showing why (`/stAdmission/?loginError=<code>`);
//   - dashboard/<screen>.html: each student screen as it opens (the header, the screen's heading and the spinner
//     that stands while the student is looked up), served for `/stAdmission/dashboard/<screen>`;
//   - app.html: Vite's page as built, for every other screen.
// Every prerendered page has its first-load stylesheet inlined: one round trip fewer before the first paint, and
// on slow 3G each costs 2 s.
// Usage: node scripts/prerender-web.mjs <web dist> <the server build of web/src/app/prerender.tsx>
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [distArg, rendererArg] = process.argv.slice(2);
if (!distArg || !rendererArg) {
  console.error('usage: node scripts/prerender-web.mjs <web dist> <prerender bundle>');
  process.exit(2);
}
const dist = path.resolve(distArg);
const { renderScreen, LOGIN_ERROR_PARAM, LOGIN_FORM_ERROR_CODES, STUDENT_SCREENS } = await import(
  pathToFileURL(path.resolve(rendererArg)).href
);

const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!template.includes('<div id="root"></div>'))
  throw new Error('index.html is not the page Vite built; build again');
writeFileSync(path.join(dist, 'app.html'), template);

const STYLESHEET = /<link rel="stylesheet" crossorigin href="([^"]+\.css)">/g;
const base = '/stAdmission/';

/**
 * The page with its stylesheets inlined; the CSS names fonts by absolute path, so it reads the same inline. The
 * link stays, disabled (a disabled stylesheet is not fetched): a lazy screen that lists the entry's stylesheet
 * among its dependencies finds it in the page and does not fetch it again.
 */
function withInlineStyles(page) {
  return page.replace(STYLESHEET, (_link, href) => {
    if (!href.startsWith(base)) throw new Error(`stylesheet outside ${base}: ${href}`);
    const css = readFileSync(path.join(dist, href.slice(base.length)), 'utf8');
    if (css.includes('</style')) throw new Error(`${href} cannot be inlined`);
    return `<style>${css}</style><link rel="stylesheet" crossorigin href="${href}" disabled>`;
  });
}

function replaceOnce(page, search, replacement) {
  if (!page.includes(search)) throw new Error(`index.html no longer contains ${search}`);
  return page.replace(search, () => replacement);
}

/** What every prerendered page changes in Vite's page. */
const prerenderedTemplate = [
  // Mantine reads its colours from this attribute, which its script would otherwise set only once it runs.
  (page) =>
    replaceOnce(
      page,
      '<html lang="ar" dir="rtl">',
      '<html lang="ar" dir="rtl" data-mantine-color-scheme="light">',
    ),
  withInlineStyles,
].reduce((page, step) => step(page), template);

const loginTemplate = [
  // The screen is already there and works without them: the web app's scripts must not hold up what the page
  // still needs to show it well (the fonts, the logo).
  (page) =>
    page.replace(
      /<script type="module" crossorigin src=/g,
      '<script type="module" fetchpriority="low" crossorigin src=',
    ),
  (page) =>
    page.replace(
      /<link rel="modulepreload" crossorigin href=/g,
      '<link rel="modulepreload" fetchpriority="low" crossorigin href=',
    ),
  (page) => page.replace(/\s*<noscript>[^<]*<\/noscript>/, ''),
].reduce((page, step) => step(page), prerenderedTemplate);

async function prerender(file, url, template, check) {
  const markup = await renderScreen(url);
  if (!markup.includes(check)) throw new Error(`${url} rendered no ${check}`);
  mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  writeFileSync(
    path.join(dist, file),
    replaceOnce(template, '<div id="root"></div>', `<div id="root">${markup}</div>`),
  );
  return file;
}

const written = [
  await prerender('index.html', base, loginTemplate, 'name="nationalID"'),
  ...(await Promise.all(
    LOGIN_FORM_ERROR_CODES.map((code) =>
      prerender(
        `login-${code}.html`,
        `${base}?${LOGIN_ERROR_PARAM}=${code}`,
        loginTemplate,
        'name="nationalID"',
      ),
    ),
  )),
  ...(await Promise.all(
    STUDENT_SCREENS.map((screen) =>
      prerender(
        `dashboard/${screen}.html`,
        `${base}dashboard/${screen}`,
        prerenderedTemplate,
        'role="status"',
      ),
    ),
  )),
];
console.log(`prerendered ${written.join(', ')}; app.html for the rest`);
