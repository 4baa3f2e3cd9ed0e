import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  GENDER_VALUES,
  MESSAGE_TEMPLATES,
  MESSAGES,
  NATIONAL_ID_DIGITS,
  STUDENT_IMPORT_COLUMNS,
  STUDENT_IMPORT_HEADER_SEARCH_ROWS,
  STUDENT_IMPORT_MAX_ROWS,
  STUDENT_IMPORT_NAME_MAX_LENGTH,
  STUDENT_IMPORT_REASONS,
  STUDENT_IMPORT_SEAT_NO_MAX_LENGTH,
  STUDENT_IMPORT_TIME_LIMIT_MS,
} from '@portal/common';
import { AppError } from '../../lib/app-error.js';
import type { ExcelFormat } from './excel-file.js';

/**
 * The worker script, found from the package folder (`api/`). This module runs from `api/src/modules/imports/`
 * under vitest and from `api/dist/modules/imports/` in production: both are three levels below `api/`, so
 * `../../../src/...` names the one plain-JavaScript worker file in either case. The worker is .mjs rather than
 * TypeScript because a worker thread is a fresh Node.js isolate: vitest's TypeScript transform does not reach
 * it and Node 20 cannot run .ts, while tsc (no allowJs) does not copy .mjs into dist. One file, no build step,
 * no copy step; `assertWorkerFilePresent()` fails the start if a deployment left `src/` behind.
 */
export const WORKER_FILE = new URL(
  '../../../src/modules/imports/worker/parse-student-sheet.worker.mjs',
  import.meta.url,
);

export function assertWorkerFilePresent(): void {
  if (!existsSync(fileURLToPath(WORKER_FILE)))
    throw new Error(`student list reader missing: ${fileURLToPath(WORKER_FILE)}`);
}

/** What the worker knows, all from @portal/common. */
function workerConfig(maxRows: number) {
  return {
    columns: STUDENT_IMPORT_COLUMNS,
    reasons: STUDENT_IMPORT_REASONS,
    genders: GENDER_VALUES,
    limits: {
      maxRows,
      headerSearchRows: STUDENT_IMPORT_HEADER_SEARCH_ROWS,
      nationalIdDigits: NATIONAL_ID_DIGITS,
      nameMaxLength: STUDENT_IMPORT_NAME_MAX_LENGTH,
      seatNoMaxLength: STUDENT_IMPORT_SEAT_NO_MAX_LENGTH,
    },
  };
}

/** PostgreSQL array literals of the accepted rows, one per column, all of the same length. */
export interface ImportLiterals {
  nationalId: string;
  name: string;
  seatNo: string;
  phoneNumber: string;
  gender: string;
  totalGrade: string;
  percentage: string;
}

/** `[row number, national ID as read, name, Arabic reason]`. */
export type RejectedRow = [number, string, string, string];

export interface ParsedSheet {
  sheetName: string;
  headerRow: number;
  ignoredColumns: string[];
  accepted: number;
  literals: ImportLiterals;
  rejections: RejectedRow[];
}

type WorkerAnswer =
  | { ok: true; result: ParsedSheet }
  | { ok: false; code: 'unreadable' | 'noHeader' | 'noRows' | 'tooManyRows'; detail?: string };

export interface ParseOptions {
  timeoutMs?: number;
  maxRows?: number;
  /** Heap cap of the worker, so that a file that expands more than it declared cannot exhaust the server. */
  maxHeapMb?: number;
  /** Told of a worker that failed for a reason other than the file (a bug), before 400 is answered. */
  onWorkerError?: (error: unknown) => void;
}

/** Files read at the same time by one process; more wait for a free reader by being told to retry (429). */
const MAX_CONCURRENT_READS = 2;
let reading = 0;

function failure(answer: Extract<WorkerAnswer, { ok: false }>, maxRows: number): AppError {
  switch (answer.code) {
    case 'noHeader':
      return new AppError(400, MESSAGES.uploadNoHeader);
    case 'noRows':
      return new AppError(400, MESSAGES.uploadNoRows);
    case 'tooManyRows':
      return new AppError(413, MESSAGE_TEMPLATES.uploadTooManyRows(maxRows));
    default:
      return new AppError(400, MESSAGES.uploadFileUnreadable);
  }
}

/**
 * Reads a student list in a worker thread, so the main event loop keeps answering other requests while a
 * 100,000-row file is unzipped and parsed. The worker is stopped after the time limit (422) and cannot grow
 * past its heap cap (413). Throws AppError with an Arabic message for every way a file can be unusable.
 */
export async function parseStudentSheet(
  file: Buffer,
  format: ExcelFormat,
  options: ParseOptions = {},
): Promise<ParsedSheet> {
  const {
    timeoutMs = STUDENT_IMPORT_TIME_LIMIT_MS,
    maxRows = STUDENT_IMPORT_MAX_ROWS,
    maxHeapMb = 1536,
  } = options;
  if (reading >= MAX_CONCURRENT_READS) throw new AppError(429, MESSAGES.uploadBusy);
  reading++;
  // A copy the worker owns (transferred, not cloned again): the caller's buffer may be a slice of a pool.
  const bytes = new Uint8Array(file).buffer;
  try {
    const worker = new Worker(WORKER_FILE, {
      workerData: { job: 'student-sheet', file: bytes, format, config: workerConfig(maxRows) },
      transferList: [bytes],
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
    });
    const answer = await new Promise<WorkerAnswer>((resolve, reject) => {
      let settled = false;
      const settle = (work: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        work();
      };
      const timer = setTimeout(() => {
        settle(() => reject(new AppError(422, MESSAGES.uploadTimedOut)));
        void worker.terminate();
      }, timeoutMs);
      worker.once('message', (message: WorkerAnswer) => settle(() => resolve(message)));
      worker.once('error', (error: Error & { code?: string }) =>
        settle(() => {
          if (error.code === 'ERR_WORKER_OUT_OF_MEMORY')
            return reject(new AppError(413, MESSAGES.uploadFileExpandsTooMuch));
          options.onWorkerError?.(error);
          reject(new AppError(400, MESSAGES.uploadFileUnreadable));
        }),
      );
      worker.once('exit', () => settle(() => reject(new AppError(400, MESSAGES.uploadFileUnreadable))));
    });
    void worker.terminate();
    if (!answer.ok) throw failure(answer, maxRows);
    return answer.result;
  } finally {
    reading--;
  }
}
