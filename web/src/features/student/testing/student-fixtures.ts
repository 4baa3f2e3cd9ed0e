import {
  type AdditionalQuestion,
  documentsStatusOf,
  IMAGE_KINDS,
  type ImageKind,
  REFUSAL_REASON_LABELS,
  type StudentData,
  type StudentDocument,
} from '@portal/common';
import { vi } from 'vitest';
import { setCookie } from '@/lib/cookies';
import { type Handler, mockApi, studentLookup, testBranding } from '@/testing/mock-api';

export const GET_STUDENT = 'POST /api/v1/students/getStudent';
export const NATIONAL_ID = '29901012345678';
export const STUDENT_ID = studentLookup()._id;
export const QUIZ = `/api/v1/students/question/${STUDENT_ID}`;
export const GET_QUIZ = `GET ${QUIZ}`;
export const POST_QUIZ = `POST ${QUIZ}`;
export const GET_QUESTIONS = 'GET /api/v1/additionalQuestions';
export const SUBMIT_ANSWERS = `POST /api/v1/additionalQuestions/submit/${NATIONAL_ID}`;

/** A student who has not passed the quiz (studentLookup's defaults are a student who has done both). */
export const NEW_STUDENT = { isPassed: false, isCompletedAdditionalQuestions: false };

/** A stored login: the guard looks the student up again from these cookies. */
export function storeLogin(): void {
  setCookie('nationalID', NATIONAL_ID);
  setCookie('id', STUDENT_ID);
}

/** Answers one lookup per call, in order; the last answer repeats. */
export function lookups(...answers: (Partial<StudentData> | { status: number; message: string })[]): Handler {
  let call = 0;
  return () => {
    const answer = answers[Math.min(call, answers.length - 1)] ?? {};
    call += 1;
    if ('status' in answer && typeof answer.status === 'number') {
      return { status: answer.status, body: { status: 'error', message: answer.message } };
    }
    return { body: studentLookup(answer as Partial<StudentData>) };
  };
}

export const QUESTIONS: AdditionalQuestion[] = [
  {
    id: 'residence',
    type: 'mcq',
    question: 'أين ستقيم خلال فترة الدراسة؟',
    options: ['مع الأسرة', 'المدينة الجامعية'],
  },
  {
    id: 'heard',
    type: 'multi_select_input',
    question: 'كيف عرفت معلومات عن الكلية؟',
    description: 'يمكنك اختيار أكثر من إجابة',
    options: ['موقع الجامعة', 'الأهل والأصدقاء', 'أخرى'],
  },
  { id: 'goal', type: 'input', question: 'ما هدفك المهني بعد التخرج؟', options: [] },
  {
    id: 'health',
    type: 'mcq_yes_input',
    question: 'هل تعاني من مرض مزمن؟',
    description: 'اذكر الحالة الصحية',
    options: ['نعم', 'لا'],
  },
  {
    id: 'transport',
    type: 'mcq_input',
    question: 'ما وسيلة انتقالك إلى الكلية؟',
    options: ['المواصلات العامة', 'أخرى'],
  },
];

export const questionsBody = { status: 'success', data: QUESTIONS };

/**
 * mockApi plus a gate: the calls to `key` after the first `letThrough` wait until `release()`, so a
 * test can look at the screen while that request is in flight.
 */
export function mockApiWithGate(handlers: Record<string, Handler>, key: string, letThrough = 0) {
  const api = mockApi(handlers);
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let calls = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (`${init?.method ?? 'GET'} ${String(input)}` === key) {
      calls += 1;
      if (calls > letThrough) await gate;
    }
    return api.fetchMock(input, init);
  });
  return { ...api, release: open };
}

/** A refusal as the lookup carries it: the reason in Arabic, the reviewer's note or null. */
export interface Refusal {
  reason?: string;
  note?: string | null;
}

/**
 * The flags of a complete student whose six documents were reviewed: the `refused` ones rejected, the rest in
 * `others` ('pending' unless told), with the documents status the server would keep.
 */
export function reviewedStudent(
  refused: Partial<Record<ImageKind, Refusal>>,
  others: 'pending' | 'accepted' = 'pending',
): Partial<StudentData> {
  const documents: StudentDocument[] = IMAGE_KINDS.map((kind) => {
    const refusal = refused[kind];
    if (refusal === undefined) return { kind, state: others, reason: null, note: null };
    return {
      kind,
      state: 'rejected',
      reason: refusal.reason ?? REFUSAL_REASON_LABELS.unreadable,
      note: refusal.note ?? null,
    };
  });
  const states = documents.map((document) => document.state);
  return { isComplete: true, documents, documentsStatus: documentsStatusOf(true, states) };
}

/**
 * The branding with a time zone of its own, an hour off the server's default, so that a test sees the deadline
 * written on the branding's clock: DEADLINE is 23:30 on 1 December in Cairo, and already 2 December in Riyadh.
 */
export const BRANDING_IN_RIYADH: Record<string, Handler> = {
  'GET /api/v1/branding': () => ({
    body: { status: 'success', data: { ...testBranding, timeZone: 'Asia/Riyadh' } },
  }),
};
export const DEADLINE = '2026-12-01T21:30:00.000Z';
export const DEADLINE_IN_RIYADH = 'الأربعاء، 2 ديسمبر 2026 في 12:30 ص';

export function minutesBeforeDeadline(minutes: number): Date {
  return new Date(Date.parse(DEADLINE) - minutes * 60_000);
}

/**
 * The clock at `now`, moving on by itself from there so that the screen's requests and Testing Library's waits
 * still settle; `vi.advanceTimersByTimeAsync` jumps it.
 */
export function clockAt(now: Date): void {
  vi.useFakeTimers({ now, shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
}
