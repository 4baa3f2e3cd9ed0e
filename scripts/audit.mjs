// Checks the production dependencies for known high or critical advisories (`npm audit --omit=dev`).
// Exit codes: 0 none found, 1 high or critical advisories found, 3 could not check (the registry has no
// working audit endpoint, or npm failed otherwise): a check that did not happen must never read as a pass.
import { spawnSync } from 'node:child_process';

const PASSED = 0;
const FOUND = 1;
const COULD_NOT_CHECK = 3;

const args = ['audit', '--omit=dev', '--audit-level=high', '--json', ...process.argv.slice(2)];
const run = spawnSync('npm', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

function couldNotCheck(reason) {
  console.error('');
  console.error('*** npm audit COULD NOT CHECK the dependencies: no result, neither pass nor fail. ***');
  console.error(`*** ${reason}`);
  console.error(
    '*** Run `node scripts/audit.mjs` on a network where the npm registry answers audit requests',
  );
  console.error(
    '*** (a registry mirror without the audit endpoint answers 405); extra arguments go to npm audit.',
  );
  console.error('');
  process.exit(COULD_NOT_CHECK);
}

if (run.error) couldNotCheck(`npm did not run: ${run.error.message}`);

let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  couldNotCheck(`npm answered no JSON report (exit ${run.status}): ${run.stderr.trim().split('\n').at(-1)}`);
}

// npm prints the registry's refusal as JSON too (e.g. '405 Method Not Allowed - POST …/advisories/bulk').
const counts = report?.metadata?.vulnerabilities;
if (!counts)
  couldNotCheck(report?.message ?? report?.error?.summary ?? `unexpected answer (exit ${run.status})`);

const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(
  `npm audit --omit=dev: critical ${counts.critical ?? 0}, high ${counts.high ?? 0}, ` +
    `moderate ${counts.moderate ?? 0}, low ${counts.low ?? 0}`,
);
if (serious > 0) {
  for (const [name, entry] of Object.entries(report.vulnerabilities ?? {})) {
    if (entry.severity === 'high' || entry.severity === 'critical')
      console.log(`  ${entry.severity}: ${name} ${entry.range ?? ''}`);
  }
  console.log('Fix: `npm audit fix --omit=dev`, or raise the package in package.json, then run this again.');
  process.exit(FOUND);
}
process.exit(PASSED);
