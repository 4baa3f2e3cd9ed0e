import {
  type AdditionalQuestion,
  type AnswerEntry,
  extractAdditionalQuestions,
  MESSAGES,
} from '@portal/common';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ApiResult, apiRequest, type ResponseParser } from '@/lib/api-client';
import { getCookie } from '@/lib/cookies';
import { messageResponse } from './message-response';

export type LoadedQuestions = { ok: true; questions: AdditionalQuestion[] } | { ok: false; message: string };

/** The body as it came; `extractAdditionalQuestions` decides which shapes hold a question list. */
const anyBody: ResponseParser<unknown> = { parse: (body) => body };

function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  return typeof body.message === 'string' && body.message.trim() !== '' ? body.message : undefined;
}

/**
 * Spec section 4: a bare list, or status success with the list in `data`, `data.data` or `data.questions`.
 * Anything else is an error with the response's message, or 'failed to load questions' when it has none.
 */
export function readQuestions(result: ApiResult<unknown>): LoadedQuestions {
  if (result.status === 'error') {
    // The HTTP client says "unexpected" when a failed response carried no message of its own.
    const message = result.message === MESSAGES.unexpected ? MESSAGES.failedToLoadQuestions : result.message;
    return { ok: false, message };
  }
  const questions = extractAdditionalQuestions(result.data);
  if (questions !== null) return { ok: true, questions };
  return { ok: false, message: messageOf(result.data) ?? MESSAGES.failedToLoadQuestions };
}

export async function getAdditionalQuestions(): Promise<LoadedQuestions> {
  return readQuestions(await apiRequest('/additionalQuestions', { schema: anyBody }));
}

export function useAdditionalQuestions(enabled: boolean) {
  return useQuery({
    queryKey: ['additionalQuestions'],
    queryFn: getAdditionalQuestions,
    enabled,
    retry: false,
  });
}

/** The national ID in the path comes from the cookie (spec section 7); the server checks it is the session's. */
export function submitAdditionalAnswers(answers: AnswerEntry[]): Promise<ApiResult<{ message: string }>> {
  const nationalID = getCookie('nationalID');
  if (nationalID === undefined) {
    return Promise.resolve({ status: 'error', message: MESSAGES.studentSessionExpired, httpStatus: 401 });
  }
  return apiRequest(`/additionalQuestions/submit/${encodeURIComponent(nationalID)}`, {
    method: 'POST',
    body: { answers },
    schema: messageResponse,
  });
}

export function useSubmitAdditionalAnswers() {
  return useMutation({ mutationFn: submitAdditionalAnswers });
}
