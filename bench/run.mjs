// What a benchmark run does around its measurements: a deadline for the whole run, and the failures it reports
// as a message rather than a stack.

/** Ends the process with code 2 once the run has taken `minutes` (the timer does not keep the process alive). */
export function stopAfter(minutes) {
  setTimeout(() => {
    process.stderr.write(`bench: stopped: the run took longer than ${minutes} minutes\n`);
    process.exit(2);
  }, minutes * 60_000).unref();
}

/** A failure the benchmark found (an HTTP status, a wrong answer): reported by its message alone. */
export class BenchError extends Error {}

export function fail(message) {
  throw new BenchError(message);
}

/** Prints what stopped the run: a BenchError's message, or any other error's stack. */
export function reportFailure(error) {
  process.stderr.write(`bench: ${error instanceof BenchError ? error.message : (error?.stack ?? error)}\n`);
}
