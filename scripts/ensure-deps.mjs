// Installs the npm dependencies when they are missing or older than package-lock.json, so `npm start` and
// `npm test` work on a fresh clone with nothing but Node.js.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const installed = 'node_modules/.package-lock.json';
const upToDate =
  existsSync(installed) && statSync(installed).mtimeMs >= statSync('package-lock.json').mtimeMs;

if (!upToDate) {
  // `npm install`, not `npm ci`: npm 11 leaves other platforms' optional packages out of a lockfile written
  // without registry addresses, and `npm ci` then refuses that lockfile. The versions still come from the lock.
  console.log('Installing dependencies (npm install)...');
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
