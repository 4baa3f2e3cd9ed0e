import { MESSAGES, STEP_UP_MESSAGES } from '@portal/common';
import { showApiError } from '@/components/notices';
import { NETWORK_ERROR_STATUS } from '@/lib/api-client';

/** The Arabic message of an error envelope, or the general one. */
async function messageOf(response: Response): Promise<string> {
  const body: unknown = await response.json().catch(() => null);
  return typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
    ? body.message
    : MESSAGES.unexpected;
}

/**
 * Fetches one of the student's documents or its data zip, which the server opens only after a step-up (issue 33):
 * the answer when it arrived, `'stepUp'` when the server asks for the verification first (the caller opens the
 * step-up dialog), or null after any other failure, already shown to the student.
 */
export async function fetchBehindStepUp(url: string): Promise<Response | 'stepUp' | null> {
  try {
    const response = await fetch(url, { credentials: 'include' });
    if (response.ok) return response;
    const message = await messageOf(response);
    if (response.status === 403 && message === STEP_UP_MESSAGES.required) return 'stepUp';
    showApiError({ status: 'error', message, httpStatus: response.status });
  } catch {
    showApiError({ status: 'error', message: MESSAGES.networkError, httpStatus: NETWORK_ERROR_STATUS });
  }
  return null;
}
