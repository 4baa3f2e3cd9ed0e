import {
  collegeChoicesResponseSchema,
  countFacultyResponseSchema,
  deleteFacultyResponseSchema,
  errorEnvelopeSchema,
  MESSAGES,
  type StudentUploadResponse,
  studentUploadResponseSchema,
  UPLOAD_STATUSES,
  type UploadStatus,
} from '@portal/common';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, type ApiResult, apiRequest, NETWORK_ERROR_STATUS } from '@/lib/api-client';
import { getCookie } from '@/lib/cookies';

export interface StudentListUpload {
  faculty: string;
  status: UploadStatus | '';
  file: File;
  /** 0–100 as the file goes out. */
  onProgress: (percent: number) => void;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Answers a finished request like `apiRequest`: the parsed success body, or the server's Arabic message. */
function settle<T>(status: number, payload: unknown, parse: (body: unknown) => T): ApiResult<T> {
  const failure = errorEnvelopeSchema.safeParse(payload);
  if (status < 200 || status >= 300 || failure.success) {
    const message = failure.success && failure.data.message ? failure.data.message : MESSAGES.unexpected;
    return { status: 'error', message, httpStatus: status };
  }
  try {
    return { status: 'success', data: parse(payload), httpStatus: status };
  } catch {
    return { status: 'error', message: MESSAGES.unexpected, httpStatus: status };
  }
}

/** The multipart body: faculty, the status only when it is one of the three (spec section 5), and the file. */
export function uploadBody(faculty: string, status: string, file: File): FormData {
  const body = new FormData();
  body.append('faculty', faculty);
  if ((UPLOAD_STATUSES as readonly string[]).includes(status)) body.append('status', status);
  body.append('file', file, file.name);
  return body;
}

/**
 * `POST /students/upload` with XMLHttpRequest, because fetch reports no upload progress. Never rejects: a
 * network failure answers the network message with status 0, as `apiRequest` does.
 */
export function uploadStudentList(upload: StudentListUpload): Promise<ApiResult<StudentUploadResponse>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/students/upload`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getCookie('token');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        upload.onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    const networkError = () =>
      resolve({ status: 'error', message: MESSAGES.networkError, httpStatus: NETWORK_ERROR_STATUS });
    xhr.onerror = networkError;
    xhr.ontimeout = networkError;
    xhr.onabort = networkError;
    xhr.onload = () =>
      resolve(
        settle(xhr.status, parseJson(xhr.responseText), (body) => studentUploadResponseSchema.parse(body)),
      );
    xhr.send(uploadBody(upload.faculty, upload.status, upload.file));
  });
}

const TEMPLATE_NAME = 'نموذج رفع بيانات الطلاب.xlsx';

/** The file name of a download: `filename*` (UTF-8, Arabic) when given, else `filename`, else the fallback. */
export function attachmentName(disposition: string | null, fallback: string): string {
  const extended = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A malformed name falls through to the plain one.
    }
  }
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
}

/**
 * `GET /students/uploadTemplate`: it needs the bearer header, so it cannot be a plain link; the file is fetched
 * and handed to the browser to save.
 */
export async function fetchUploadTemplate(): Promise<ApiResult<{ file: Blob; name: string }>> {
  const headers = new Headers();
  const token = getCookie('token');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/students/uploadTemplate`, { headers, credentials: 'include' });
  } catch {
    return { status: 'error', message: MESSAGES.networkError, httpStatus: NETWORK_ERROR_STATUS };
  }
  if (!response.ok) {
    const payload = await response.json().catch(() => undefined);
    return settle(response.status, payload, () => ({ file: new Blob(), name: '' }));
  }
  const file = await response.blob();
  const name = attachmentName(response.headers.get('Content-Disposition'), TEMPLATE_NAME);
  return { status: 'success', data: { file, name }, httpStatus: response.status };
}

/** `POST /students/countFaculty`: how many students deleting the faculty's data would remove. */
export function countFaculty(faculty: string) {
  return apiRequest('/students/countFaculty', {
    method: 'POST',
    body: { faculty },
    auth: true,
    schema: countFacultyResponseSchema,
  });
}

/** `POST /students/delete`: removes every student of the faculty with their images and answers. */
export function deleteFacultyData(faculty: string) {
  return apiRequest('/students/delete', {
    method: 'POST',
    body: { faculty },
    auth: true,
    schema: deleteFacultyResponseSchema,
  });
}

/**
 * The faculty choice (`GET /colleges`, with the bearer token as the spec says): the names, and which colleges the
 * super admin hid from new uploads (issue 19).
 */
export function getFacultyChoices() {
  return apiRequest('/colleges', { auth: true, schema: collegeChoicesResponseSchema });
}

export function useFacultyChoices() {
  return useQuery({ queryKey: ['colleges', 'choices'], queryFn: getFacultyChoices, staleTime: 60_000 });
}
