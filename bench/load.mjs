// Closed-loop HTTP load with autocannon, and the figures the benchmarks print from it.

import autocannon from 'autocannon';

/**
 * `connections` keep-alive connections send requests to `url` for `seconds`, each shaped by
 * `setupRequest(request)` (autocannon's hook: its method, path, headers and body). With `rate`, at most that many
 * requests per second in all (otherwise as fast as answered). Answers autocannon's result.
 */
export function requestLoad({ url, connections, seconds, setupRequest, timeoutSeconds = 30, rate }) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration: seconds,
        timeout: timeoutSeconds,
        ...(rate ? { overallRate: rate } : {}),
        requests: [{ setupRequest }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** `requestLoad` POSTing JSON with `headers`; each request's body comes from `nextBody()`. */
export function postLoad({ nextBody, headers = {}, ...load }) {
  return requestLoad({
    ...load,
    setupRequest: (request) => ({
      ...request,
      method: 'POST',
      headers: { ...request.headers, 'content-type': 'application/json', ...headers },
      body: nextBody(),
    }),
  });
}

/**
 * Requests/s (all answers, and 2xx answers alone: a 503 is quick and must not count as served), latency
 * percentiles (ms) and failures of an autocannon result.
 */
export function figures(result) {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    okPerSecond: Math.round(result['2xx'] / result.duration),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    latencyMs: {
      p50: result.latency.p50,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      max: result.latency.max,
    },
  };
}

/** The `p`th percentile (nearest rank) of a list of numbers. */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Prints the figures of request times (ms) as one line: `label` padded to `width`, then median, p90, p99 and
 * max with `digits` decimals, `extra` (a rate, say) and, given a `target`, whether the median is under it.
 * Answers the median.
 */
export function printLatency(label, times, { width, digits = 1, target, extra = '' }) {
  const f = (v) => v.toFixed(digits).padStart(digits + 5);
  const median = percentile(times, 50);
  const verdict =
    target === undefined ? '' : `  (target < ${target} ms: ${median < target ? 'met' : 'NOT met'})`;
  process.stdout.write(
    `${label.padEnd(width)} median ${f(median)}  p90 ${f(percentile(times, 90))}  p99 ${f(percentile(times, 99))}  ` +
      `max ${f(Math.max(...times))} ms${extra}${verdict}\n`,
  );
  return median;
}
