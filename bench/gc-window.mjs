// Loaded into a benchmarked server with `--import` (bench/compare-builds.mjs with BENCH_GC=1): what V8's garbage
// collector did between two SIGUSR2 signals, written to BENCH_GC_DIR/<pid>.json at the second. Bytes allocated
// and promoted per request are steadier than CPU per request, which two processes of one build differ in by up to
// 16 µs (docs/decisions/0010-login-cost.md), so a change's garbage shows where its CPU cannot.

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { GCProfiler, getHeapSpaceStatistics } from 'node:v8';

const YOUNG = new Set(['new_space', 'new_large_object_space']);

/** Bytes used in the spaces of `spaces` (one side of a collection, or now) that `names` accepts. */
function used(spaces, names) {
  let total = 0;
  for (const space of spaces) if (names(space.spaceName)) total += space.spaceUsedSize;
  return total;
}

const young = (name) => YOUNG.has(name);
const old = (name) => !YOUNG.has(name);

/**
 * The window's collections summed: how many scavenges and full collections, their time in ms, the bytes allocated
 * in the young generation (what it held before each collection or at the window's end, less what it held at the
 * start or after the collection before) and the bytes promoted by scavenges (the growth of the other spaces
 * across them).
 */
function summary(statistics, youngAtStart, youngAtEnd) {
  const totals = { scavenges: 0, scavengeMs: 0, fullCollections: 0, fullMs: 0, allocated: 0, promoted: 0 };
  let youngLeft = youngAtStart;
  for (const { gcType, cost, beforeGC, afterGC } of statistics) {
    totals.allocated += Math.max(0, used(beforeGC.heapSpaceStatistics, young) - youngLeft);
    youngLeft = used(afterGC.heapSpaceStatistics, young);
    if (gcType === 'Scavenge') {
      totals.scavenges += 1;
      totals.scavengeMs += cost / 1000;
      totals.promoted += used(afterGC.heapSpaceStatistics, old) - used(beforeGC.heapSpaceStatistics, old);
    } else if (gcType === 'MarkSweepCompact') {
      totals.fullCollections += 1;
      totals.fullMs += cost / 1000;
    }
  }
  totals.allocated += Math.max(0, youngAtEnd - youngLeft);
  return totals;
}

function startWindow() {
  const profiler = new GCProfiler();
  profiler.start();
  return { profiler, youngAtStart: used(getHeapSpaceStatistics(), young) };
}

let current = startWindow();
process.on('SIGUSR2', () => {
  const { statistics } = current.profiler.stop();
  const totals = summary(statistics, current.youngAtStart, used(getHeapSpaceStatistics(), young));
  writeFileSync(path.join(process.env.BENCH_GC_DIR ?? '.', `${process.pid}.json`), JSON.stringify(totals));
  current = startWindow();
});
