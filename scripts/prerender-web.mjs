// Puts screens rendered at build time into the pages the portal serves for them, so that on a slow mobile network
// the screen shows before any script has arrived, and React takes that markup over when it starts (main.tsx):
//   - index.html: the login screen (`/stAdmission/`), which also works before the scripts (a plain form post,
//     answered with a redirect); its scripts come at low priority, the no-script notice is dropped;
//   - login-<code>.html: the same after a refused form post, showing why (`/stAdmission/?loginError=<code>`);
//   - dashboard/<screen>.html: each student screen as it opens (the header, the screen's heading and the spinner
//     that stands while the student is looked up), served for `/stAdmission/dashboard/<screen>`;
//   - app.html: Vite's page as built, for every other screen;
//   - seat-no/<each of the above>: the same pages for STUDENT_SECOND_FACTOR=seatNo (issue 20), whose `<html>` says
//     so (the web app learns it from the page) and whose login asks the seat number too; the server picks the
//     folder for its setting (api/src/plugins/web-app.ts).
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
const {
  renderScreen,
  LOGIN_ERROR_PARAM,
  LOGIN_FORM_ERROR_CODES,
  SEAT_NO_PAGES,
  STUDENT_SCREENS,
  STUDENT_SECOND_FACTOR_ATTRIBUTE,
} = await import(pathToFileURL(path.resolve(rendererArg)).href);

const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!template.includes('<div id="root"></div>'))
  throw new Error('index.html is not the page Vite built; build again');

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

/** A page of STUDENT_SECOND_FACTOR=seatNo: the same, saying so on `<html>`. */
function askingSeatNo(page) {
  return replaceOnce(
    page,
    '<html lang="ar" dir="rtl"',
    `<html lang="ar" dir="rtl" ${STUDENT_SECOND_FACTOR_ATTRIBUTE}="seatNo"`,
  );
}

/** Every page of one setting, under `folder` of the dist ('' for the default one). */
async function prerenderAll(folder, asksSeatNo) {
  const variant = asksSeatNo ? askingSeatNo : (page) => page;
  const write = (file, page) => {
    const target = path.join(dist, folder, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, page);
    return path.join(folder, file);
  };
  async function prerender(file, url, template, check) {
    const markup = await renderScreen(url, { asksSeatNo });
    if (!markup.includes(check)) throw new Error(`${url} rendered no ${check}`);
    if (!asksSeatNo && markup.includes('name="seatNo"')) throw new Error(`${url} asks a seat number`);
    return write(
      file,
      variant(replaceOnce(template, '<div id="root"></div>', `<div id="root">${markup}</div>`)),
    );
  }
  // The login must show exactly the fields the setting asks for.
  const loginCheck = asksSeatNo ? 'name="seatNo"' : 'name="nationalID"';
  return [
    write('app.html', variant(template)),
    await prerender('index.html', base, loginTemplate, loginCheck),
    ...(await Promise.all(
      LOGIN_FORM_ERROR_CODES.map((code) =>
        prerender(`login-${code}.html`, `${base}?${LOGIN_ERROR_PARAM}=${code}`, loginTemplate, loginCheck),
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
}

// Both from Vite's page, read above: the default index.html replaces it on disk.
await prerenderAll(SEAT_NO_PAGES, true);
const written = await prerenderAll('', false);
console.log(`prerendered ${written.join(', ')}; the same under ${SEAT_NO_PAGES}/; app.html for the rest`);
