// The functions a V8 CPU profile (node --cpu-prof) spent most of its busy time in, by self time, and the same
// summed per package or file: what docs/decisions/0010-login-cost.md reads before and after a change.
//
// Run:  BENCH_CPU_PROF=/tmp/login-prof BENCH_DATABASES=postgres BENCH_CONNECTIONS=100 node bench/get-student.mjs
//       node bench/cpu-profile-top.mjs /tmp/login-prof/CPU.*.cpuprofile [count, default 10]
//
// Idle samples are left out, so the shares are of the time the process was on a core (or in a system call:
// on loopback a `writev` to PostgreSQL or the client also runs the kernel's delivery to the other end).

import { readFileSync } from 'node:fs';
import { stop } from './settings.mjs';

const [file, rawCount = '10'] = process.argv.slice(2);
const count = Number(rawCount);
if (!file || !Number.isInteger(count) || count < 1)
  stop('usage: cpu-profile-top.mjs FILE.cpuprofile [count]');

const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));

/** A script's address without the checkout's path, and a dependency's as `package/...`. */
function shortUrl(url) {
  const dependency = url.match(/node_modules\/(.*)$/);
  if (dependency) return dependency[1];
  return url.replace(/^file:\/\/.*?\/(api|bench|common|web)\//, '$1/');
}

/** The package of a dependency's file, else the file itself. */
function owner(url) {
  return url.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1] ?? shortUrl(url);
}

const byFunction = new Map();
const byOwner = new Map();
let busy = 0;
profile.samples.forEach((id, i) => {
  const { functionName, url, lineNumber } = nodes.get(id).callFrame;
  if (functionName === '(idle)') return;
  const micros = profile.timeDeltas[i] ?? 0;
  busy += micros;
  const name = `${functionName || '(anonymous)'} ${url ? `${shortUrl(url)}:${lineNumber + 1}` : ''}`.trim();
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  const place = url ? owner(url) : functionName;
  byOwner.set(place, (byOwner.get(place) ?? 0) + micros);
});

function table(title, totals) {
  const rows = [...totals].sort((a, b) => b[1] - a[1]).slice(0, count);
  const lines = rows.map(
    ([name, micros]) => `  ${((micros / busy) * 100).toFixed(1).padStart(5)} %  ${name}`,
  );
  return `${title}\n${lines.join('\n')}\n`;
}

process.stdout.write(`${file}: ${(busy / 1e6).toFixed(2)} s busy\n`);
process.stdout.write(table('self time by function', byFunction));
process.stdout.write(table('self time by package or file', byOwner));
