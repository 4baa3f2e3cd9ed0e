import { type ImageKind, MESSAGES } from '@portal/common';
import { API_BASE, type ApiResult, NETWORK_ERROR_STATUS } from '@/lib/api-client';
import { getCookie } from '@/lib/cookies';

/**
 * `GET /students/document/{id}/{kind}`: one stored image with the staff bearer token. An `<img src>` cannot send
 * the token, so the bytes are fetched here and shown through an object URL.
 */
export async function fetchDocumentImage(
  studentId: string,
  kind: ImageKind,
  signal: AbortSignal,
): Promise<ApiResult<Blob>> {
  const headers = new Headers();
  const token = getCookie('token');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/students/document/${encodeURIComponent(studentId)}/${kind}`, {
      headers,
      credentials: 'include',
      signal,
    });
  } catch {
    return { status: 'error', message: MESSAGES.networkError, httpStatus: NETWORK_ERROR_STATUS };
  }
  if (!response.ok)
    return { status: 'error', message: await errorMessage(response), httpStatus: response.status };
  const blob = await response.blob();
  // A proxy's HTML page must not be shown as a broken picture with no explanation.
  if (!blob.type.startsWith('image/'))
    return { status: 'error', message: MESSAGES.unexpected, httpStatus: response.status };
  return { status: 'success', data: blob, httpStatus: response.status };
}

/** Failures come in the JSON error envelope; anything else reads as unexpected. */
async function errorMessage(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string')
      return body.message;
  } catch {
    // Not JSON: the fixed message below.
  }
  return MESSAGES.unexpected;
}
