// Settings shared by the benchmarks: read from the environment, checked before anything is touched, and never
// aimed anywhere but this machine.

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** A bad setting: stops before anything is touched. */
export function stop(message) {
  process.stderr.write(`bench: ${message}\n`);
  process.exit(1);
}

export function intSetting(name, fallback, min, max) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    stop(`${name} must be a whole number ${min}…${max}`);
  return value;
}

/**
 * The URL in `name`, which must point at this machine. Without a value: the fallback, undefined when optional,
 * otherwise a stop that points at the benchmark's header.
 */
export function loopbackUrl(name, { fallback, optional = false } = {}) {
  const raw = process.env[name] || fallback;
  if (!raw) {
    if (optional) return undefined;
    stop(`${name} is required (see the top of the benchmark)`);
  }
  let url;
  try {
    url = new URL(raw);
  } catch {
    stop(`${name} is not a URL`);
  }
  if (!LOOPBACK.has(url.hostname)) stop(`${name} must point at this machine (127.0.0.1, localhost or ::1)`);
  return url;
}
