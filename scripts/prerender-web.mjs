// Puts the login screen, rendered at build time, into the pages the portal serves for it, so that on a slow
// mobile network the form shows and works (a plain form post, answered with a redirect) before any script has
// arrived; React replaces the markup when it starts (web/src/features/student-login/components/prerendered-login.ts).
//   - index.html: the login screen (`/stAdmission/`), its first-load stylesheet inlined (one round trip fewer
//     before the first paint: on slow 3G each costs 2 s), the no-script notice dropped since the form works
//     without script;
//   - login-<code>.html: the same after a refused form post, showing why (`/stAdmission/?loginError=<code>`);
//   - app.html: Vite's page as built, for every other screen, which needs the web app anyway.
// Usage: node scripts/prerender-web.mjs <web dist> <the server build of web/src/app/prerender.tsx>
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [distArg, rendererArg] = process.argv.slice(2);
if (!distArg || !rendererArg) {
  console.error('usage: node scripts/prerender-web.mjs <web dist> <prerender bundle>');
  process.exit(2);
}
const dist = path.resolve(distArg);
const { renderScreen, LOGIN_ERROR_PARAM, LOGIN_FORM_ERROR_CODES } = await import(
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
  // Mantine reads its colours from this attribute, which its script would otherwise set only once it runs.
  (page) =>
    replaceOnce(
      page,
      '<html lang="ar" dir="rtl">',
      '<html lang="ar" dir="rtl" data-mantine-color-scheme="light">',
    ),
  (page) => page.replace(/\s*<noscript>[^<]*<\/noscript>/, ''),
  withInlineStyles,
].reduce((page, step) => step(page), template);

const pages = [
  ['index.html', base],
  ...LOGIN_FORM_ERROR_CODES.map((code) => [`login-${code}.html`, `${base}?${LOGIN_ERROR_PARAM}=${code}`]),
];
for (const [file, url] of pages) {
  const markup = await renderScreen(url);
  if (!markup.includes('name="nationalID"')) throw new Error(`${url} rendered no login form`);
  writeFileSync(
    path.join(dist, file),
    replaceOnce(loginTemplate, '<div id="root"></div>', `<div id="root">${markup}</div>`),
  );
}
console.log(
  `prerendered the login screen into ${pages.map(([file]) => file).join(', ')}; app.html for the rest`,
);
