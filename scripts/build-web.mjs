// Builds the web app (`npm run build -w web`: vite, prerendering, precompression, the budget check) and records
// beside it a hash of what it was built from, so that `npm start` (--if-changed) serves the last build again when
// none of that changed, instead of spending most of its start on the same build (109 s on the 2-core machine under
// load, against 1.5 s to hash the inputs). `npm run build`, which the tests and CI run, always builds.
// Usage: node scripts/build-web.mjs [--if-changed]
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * What the web build reads: the web workspace (sources, public files, index.html, vite and TypeScript settings,
 * any .env vite loads), common's sources (imported from src, and scanned for the font subsets), the scripts the
 * build runs and vite.config.ts imports, and the lockfile for every package version. tsconfig.base.json is what
 * web/tsconfig.json extends.
 */
export const INPUTS = ['web', 'common/src', 'scripts', 'tsconfig.base.json', 'package-lock.json'];

/** What the build writes under its inputs: its output and its caches. */
const OUTPUTS = new Set(['web/dist', 'web/node_modules']);

/** Where the hash of the inputs of the build in web/dist is kept; vite empties web/dist before it builds. */
export const RECORD = 'web/dist/.build-inputs-hash';

/** The files under INPUTS, as sorted paths relative to `root` with '/' separators. */
export function inputFiles(root) {
  const files = [];
  const visit = (relative) => {
    if (OUTPUTS.has(relative)) return;
    const absolute = path.join(root, relative);
    if (!existsSync(absolute)) return;
    if (!statSync(absolute).isDirectory()) {
      files.push(relative);
      return;
    }
    for (const name of readdirSync(absolute)) visit(`${relative}/${name}`);
  };
  for (const input of INPUTS) visit(input);
  return files.sort();
}

/**
 * One hash of the inputs' paths and contents and of what else decides the output: the year (the prerendered
 * footer names it: web/vite.config.ts), NODE_ENV (vite's mode) and the Node version.
 */
export function inputsHash(files, setting) {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(setting));
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    hash.update(`\0${file.path}\0${file.content.length}\0`);
    hash.update(file.content);
  }
  return hash.digest('hex');
}

/** Whether `--if-changed` builds: only a build that exists and was made from the same inputs is served again. */
export function buildDecision({ built, recorded, current }) {
  if (!built) return { build: true, reason: 'web/dist holds no build' };
  if (recorded === undefined) return { build: true, reason: 'web/dist does not say what it was built from' };
  if (recorded !== current) return { build: true, reason: 'its inputs changed since web/dist was built' };
  return {
    build: false,
    reason: `Web app build skipped: nothing it is built from changed since web/dist was built (${INPUTS.join(', ')}, the year, NODE_ENV, the Node version).`,
  };
}

function currentHash(root) {
  const files = inputFiles(root).map((file) => ({
    path: file,
    content: readFileSync(path.join(root, file)),
  }));
  return inputsHash(files, {
    year: new Date().getFullYear(),
    nodeEnv: process.env.NODE_ENV ?? null,
    node: process.version,
  });
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const record = path.join(root, RECORD);
  // Taken before building, so that a file changed while the build runs makes the next start build again.
  const current = currentHash(root);
  if (process.argv.includes('--if-changed')) {
    const decision = buildDecision({
      built: existsSync(path.join(root, 'web/dist/index.html')),
      recorded: existsSync(record) ? readFileSync(record, 'utf8').trim() : undefined,
      current,
    });
    if (!decision.build) {
      console.log(decision.reason);
      return;
    }
    console.log(`Building the web app: ${decision.reason}.`);
  }
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(record, `${current}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
