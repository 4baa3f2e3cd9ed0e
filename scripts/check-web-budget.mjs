// Prints the raw, gzip and brotli size of every file of the built web app, then checks the weight budget of a
// first visit to the login screen (issue 10): at most 150 kB of JavaScript and 300 kB in all (JavaScript, CSS,
// HTML, fonts), brotli as served (1 kB = 1000 bytes). Exits 1, naming what is over, when a budget is exceeded.
// The login screen's load is read from Vite's manifest: the entry and its static imports, the login route's lazy
// chunk and its static imports if it has one, their CSS (inside index.html once scripts/prerender-web.mjs has
// inlined it, counted there and not twice), index.html and every font the CSS names (all of them, though the
// browser may skip some by unicode-range or weight, so the figure errs on the heavy side).
// It also checks that the first visit's CSS styles every Mantine class its JavaScript can render: the first load
// carries only part of Mantine's stylesheet (web/src/app/first-screen-styles.ts), and a component added to the
// first screen without its styles would otherwise show unstyled.
// Usage: node scripts/check-web-budget.mjs [web/dist]   (run by `npm run build -w web`, after precompression)
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

const LOGIN_ROUTE = 'src/features/student-login/components/student-login.tsx';
const KB = 1000;
const BUDGET = { js: 150 * KB, total: 300 * KB };

const root = path.resolve(process.argv[2] ?? 'web/dist');
const manifest = JSON.parse(readFileSync(path.join(root, '.vite/manifest.json'), 'utf8'));

/** Sizes as the portal sends them: the precompressed file when the build wrote one (fonts are sent as they are). */
function sizesOf(file) {
  const full = path.join(root, file);
  const raw = statSync(full).size;
  const served = (suffix) => (existsSync(full + suffix) ? statSync(full + suffix).size : raw);
  return { raw, gzip: served('.gz'), brotli: served('.br') };
}

function loginScreenFiles() {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (entryKey === undefined) throw new Error('the manifest has no entry');
  const chunks = new Set();
  const visit = (key) => {
    if (chunks.has(key)) return;
    chunks.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit(entryKey);
  // Absent when the login screen is bundled into the entry itself.
  if (manifest[LOGIN_ROUTE] !== undefined) visit(LOGIN_ROUTE);
  const js = [...chunks].map((key) => manifest[key].file);
  const css = [...new Set([...chunks].flatMap((key) => manifest[key].css ?? []))];
  const fonts = [...new Set([...chunks].flatMap((key) => manifest[key].assets ?? []))].filter((file) =>
    file.endsWith('.woff2'),
  );
  const page = readFileSync(path.join(root, 'index.html'), 'utf8');
  // A stylesheet the page inlined stays linked but disabled, and a disabled stylesheet is not fetched.
  const linked = css.filter((file) => page.includes(`/${file}">`));
  return { js, css, linked, fonts, html: ['index.html'] };
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;
const column = (text, width) => text.padStart(width);

const entries = await readdir(root, { withFileTypes: true, recursive: true });
const files = entries
  .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name) && !entry.parentPath.includes('.vite'))
  .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
  .sort();

console.log(`${'file'.padEnd(64)}${column('raw', 11)}${column('gzip', 11)}${column('brotli', 11)}`);
for (const file of files) {
  const size = sizesOf(file);
  console.log(
    `${file.padEnd(64)}${column(kb(size.raw), 11)}${column(kb(size.gzip), 11)}${column(kb(size.brotli), 11)}`,
  );
}

const login = loginScreenFiles();
const totals = Object.fromEntries(
  Object.entries(login).map(([kind, list]) => [
    kind,
    list.reduce((sum, file) => sum + sizesOf(file).brotli, 0),
  ]),
);
const total = totals.js + totals.linked + totals.html + totals.fonts;
console.log(
  `\nlogin screen, first visit, brotli: JS ${kb(totals.js)} (${login.js.length} files), ` +
    `CSS ${kb(totals.linked)}${login.linked.length < login.css.length ? ' (the rest inlined in index.html)' : ''}, ` +
    `HTML ${kb(totals.html)}, fonts ${kb(totals.fonts)} (${login.fonts.length} files), total ${kb(total)}`,
);

// Mantine's generated class names (m_ and 8 hex digits) name the same rule in its JavaScript and its CSS.
const mantineClasses = (list) =>
  new Set(
    list.flatMap((file) => readFileSync(path.join(root, file), 'utf8').match(/\bm_[0-9a-f]{8}\b/g) ?? []),
  );
const styled = mantineClasses(login.css);
const unstyled = [...mantineClasses(login.js)].filter((name) => !styled.has(name));

const over = [];
if (unstyled.length > 0)
  over.push(
    `the first visit's CSS lacks the Mantine classes ${unstyled.join(', ')}: add their components' styles to ` +
      'web/src/app/first-screen-styles.ts',
  );
if (totals.js > BUDGET.js) over.push(`JavaScript ${kb(totals.js)} is over its budget of ${kb(BUDGET.js)}`);
if (total > BUDGET.total)
  over.push(`the whole first visit, ${kb(total)}, is over its budget of ${kb(BUDGET.total)}`);
if (over.length > 0) {
  console.error(
    `web budget check failed: ${over.join('; ')}. Login screen JavaScript: ${login.js.join(', ')}`,
  );
  process.exit(1);
}
console.log(`within budget: JS ≤ ${kb(BUDGET.js)}, total ≤ ${kb(BUDGET.total)}`);
