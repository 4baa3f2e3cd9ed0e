// CPU time and memory of processes on this machine, read from Linux /proc.

import { readdir, readFile } from 'node:fs/promises';

const TICKS_PER_SECOND = 100;

/** utime + stime of a process, in seconds; with `reaped`, also that of its children that ended. */
export async function cpuSeconds(pid, { reaped = false } = {}) {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return (reaped ? own + Number(fields[13]) + Number(fields[14]) : own) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds of every process named postgres on this machine (every server and its backends), including
 * backends that ended: the server counts them once it has reaped them, so a pool closing idle connections
 * during a measurement does not make the figure drop.
 */
export async function postgresCpuSeconds() {
  let total = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = (await readFile(`/proc/${entry}/comm`, 'utf8')).trim();
      if (comm === 'postgres') total += await cpuSeconds(entry, { reaped: true });
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/** Resident memory of a process in bytes; undefined once it is gone. */
export async function residentBytes(pid) {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The load average of the last minute, to print beside each figure (the machine is shared). */
export async function loadAverage() {
  return Number((await readFile('/proc/loadavg', 'utf8')).split(' ')[0]);
}
