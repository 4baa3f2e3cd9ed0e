import {
  type CharterSections,
  charterPublishResponseSchema,
  charterResponseSchema,
  MESSAGES,
} from '@portal/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffKeys } from '@/components/admin/staff-session';
import { API_BASE, type ApiResult, apiRequest, NETWORK_ERROR_STATUS } from '@/lib/api-client';
import { getCookie } from '@/lib/cookies';

const charterKey = (token: string) => [...staffKeys.of(token), 'content', 'charter'] as const;

/** `GET /content/charter`: the published version with its text, and every version without it. */
export function getCharter() {
  return apiRequest('/content/charter', { auth: true, schema: charterResponseSchema });
}

export function useCharter(token: string) {
  return useQuery({ queryKey: charterKey(token), queryFn: getCharter, staleTime: 0 });
}

/** `PUT /content/charter`: publishes the sections as a new version; the list of versions is read again. */
export function usePublishCharter(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CharterSections) =>
      apiRequest('/content/charter', {
        method: 'PUT',
        body,
        auth: true,
        schema: charterPublishResponseSchema,
      }),
    onSuccess: async (result) => {
      if (result.status === 'success') await queryClient.invalidateQueries({ queryKey: charterKey(token) });
    },
  });
}

/**
 * `POST /content/charter/preview`: the PDF a draft would give, before anything is published. It answers a PDF,
 * not the JSON envelope, and needs the bearer header, so it is fetched here rather than by `apiRequest` or a link.
 */
export async function previewCharter(body: CharterSections): Promise<ApiResult<Blob>> {
  const headers = new Headers({ 'Content-Type': 'application/json', Accept: 'application/pdf' });
  const token = getCookie('token');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/content/charter/preview`, {
      method: 'POST',
      headers,
      credentials: 'include',
      body: JSON.stringify(body),
    });
  } catch {
    return { status: 'error', message: MESSAGES.networkError, httpStatus: NETWORK_ERROR_STATUS };
  }
  if (!response.ok)
    return { status: 'error', message: await errorMessage(response), httpStatus: response.status };
  // A proxy's HTML page must not open as a broken PDF.
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes('pdf'))
    return { status: 'error', message: MESSAGES.unexpected, httpStatus: response.status };
  const bytes = await response.arrayBuffer();
  return {
    status: 'success',
    data: new Blob([bytes], { type: 'application/pdf' }),
    httpStatus: response.status,
  };
}

export function usePreviewCharter() {
  return useMutation({ mutationFn: previewCharter });
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
