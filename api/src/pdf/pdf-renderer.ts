import { type ChildProcess, fork } from 'node:child_process';
import { sourcePath } from '../lib/source-path.js';

export interface PdfJob {
  /** Typst source of the main file; it reads its data with `json("/data.json")`, never by interpolation. */
  source: string;
  data: unknown;
  /** Extra files the source may import or show (shared layout, logo, photo, QR code), by workspace name. */
  files?: Record<string, Uint8Array>;
}

export interface PdfRenderer {
  render(job: PdfJob): Promise<Buffer>;
  close(): Promise<void>;
  /** How many child processes have been started so far (for tests and metrics). */
  readonly childrenStarted: number;
  /** The current child's process id, if one is running (for tests). */
  readonly childPid: number | undefined;
}

export interface PdfRendererOptions {
  fontDirs: string[];
  /** Documents one child compiles before it is replaced. */
  recycleAfter?: number;
  timeoutMs?: number;
}

interface Pending {
  job: PdfJob;
  resolve(pdf: Buffer): void;
  reject(error: Error): void;
}

type Reply = { id: number; pdf: Uint8Array } | { id: number; error: string };

const WORKER = sourcePath(import.meta.url, './pdf-worker.mjs');

export class PdfRenderError extends Error {
  override name = 'PdfRenderError';
}

/**
 * Compiles Typst documents one at a time in a child process: the compiler's native memory is returned to the
 * system when the child is replaced (after `recycleAfter` documents, a time-out or a crash).
 */
export function createPdfRenderer(options: PdfRendererOptions): PdfRenderer {
  const recycleAfter = options.recycleAfter ?? 300;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const queue: Pending[] = [];
  let child: ChildProcess | undefined;
  let rendered = 0;
  let started = 0;
  let busy = false;
  let closed = false;
  let nextId = 1;
  /** Fails the document in flight, if any (used by `close`). */
  let abortCurrent: ((error: Error) => void) | undefined;

  function startChild(): ChildProcess {
    started += 1;
    rendered = 0;
    const process_ = fork(WORKER, [], {
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: { ...process.env, PDF_FONT_DIRS: JSON.stringify(options.fontDirs) },
    });
    process_.unref();
    process_.channel?.unref();
    // A child that dies while idle is forgotten here, so the next document starts a new one instead of writing
    // to a closed channel. Channel errors are answered through `exit` or the send callback; without a listener
    // they would be thrown as an uncaught exception and end the server.
    process_.on('exit', () => {
      if (child === process_) child = undefined;
    });
    process_.on('error', () => {});
    return process_;
  }

  function retire(target: ChildProcess | undefined) {
    if (!target) return;
    target.removeAllListeners();
    target.on('error', () => {});
    target.kill('SIGKILL');
    if (child === target) child = undefined;
  }

  function pump() {
    if (busy || closed) return;
    const next = queue.shift();
    if (!next) return;
    busy = true;
    if (!child?.connected || rendered >= recycleAfter) {
      retire(child);
      child = startChild();
    }
    const current = child;
    const id = nextId++;
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      current.off('message', onMessage);
      current.off('exit', onExit);
      busy = false;
      abortCurrent = undefined;
      outcome();
      pump();
    };
    const onMessage = (reply: Reply) => {
      if (reply.id !== id) return;
      rendered += 1;
      finish(() =>
        'pdf' in reply ? next.resolve(Buffer.from(reply.pdf)) : next.reject(new PdfRenderError(reply.error)),
      );
    };
    const onExit = (code: number | null, signal: string | null) => {
      if (child === current) child = undefined;
      finish(() => next.reject(new PdfRenderError(`PDF compiler exited (${code ?? signal})`)));
    };
    const timer = setTimeout(() => {
      retire(current);
      finish(() => next.reject(new PdfRenderError(`PDF rendering took longer than ${timeoutMs} ms`)));
    }, timeoutMs);
    abortCurrent = (error) => finish(() => next.reject(error));
    current.on('message', onMessage);
    current.on('exit', onExit);
    current.send(
      { id, source: next.job.source, data: next.job.data, files: next.job.files ?? {} },
      (error) => {
        if (!error) return;
        retire(current);
        finish(() => next.reject(new PdfRenderError(`PDF compiler unreachable: ${error.message}`)));
      },
    );
  }

  return {
    render(job) {
      if (closed) return Promise.reject(new PdfRenderError('PDF renderer is closed'));
      return new Promise((resolve, reject) => {
        queue.push({ job, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new PdfRenderError('PDF renderer is closed'));
      retire(child);
      abortCurrent?.(new PdfRenderError('PDF renderer is closed'));
    },
    get childrenStarted() {
      return started;
    },
    get childPid() {
      return child?.pid;
    },
  };
}
