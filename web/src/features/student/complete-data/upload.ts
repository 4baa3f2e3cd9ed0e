import { errorEnvelopeSchema, type ImageKind, MESSAGES, STAGED_UPLOADS_FIELD } from '@portal/common';
import { API_BASE, type ApiResult, NETWORK_ERROR_STATUS } from '@/lib/api-client';
import { storedDataPath } from '../api/early-requests';

export interface ImageToSend {
  kind: ImageKind;
  file: File;
  /** The name the student's file had; the wire name is `photoFileName(originalName, kind)`. */
  originalName: string;
}

/** The finished resumable upload of each document sent, by kind (issue 34). */
export type StagedUploads = Partial<Record<ImageKind, string>>;

export interface CompleteDataUpload {
  studentId: string;
  fields: [string, string][];
  uploads: StagedUploads;
  /** 0–100 as the request body goes out. */
  onProgress: (percent: number) => void;
}

export function completeDataPath(studentId: string): string {
  return `${API_BASE}${storedDataPath(studentId)}`;
}

/**
 * The multipart body: the text fields, then instead of the six `photos` parts one `uploads` field naming the
 * document uploads already on the server (issue 34; the spec's `photos` parts are still accepted from other
 * clients). The replacement of refused documents sends the same with no text fields.
 */
export function completeDataBody(fields: [string, string][], uploads: StagedUploads): FormData {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  // None when only the text changes (the stored images stay): the server refuses an empty list.
  if (Object.keys(uploads).length > 0) body.append(STAGED_UPLOADS_FIELD, JSON.stringify(uploads));
  return body;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `PATCH /students/completeStudentData/{id}` (patchMultipart). */
export function uploadCompleteData(upload: CompleteDataUpload): Promise<ApiResult<{ message: string }>> {
  return patchMultipart(
    completeDataPath(upload.studentId),
    completeDataBody(upload.fields, upload.uploads),
    upload.onProgress,
  );
}

/**
 * A multipart PATCH with XMLHttpRequest, because fetch reports no upload progress (`onProgress`: 0–100).
 * Answers like `apiRequest`: the server's message on success, its Arabic message (or the network message with
 * status 0) on failure. Never rejects.
 */
export function patchMultipart(
  url: string,
  body: FormData,
  onProgress: (percent: number) => void,
): Promise<ApiResult<{ message: string }>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PATCH', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    const networkError = () =>
      resolve({ status: 'error', message: MESSAGES.networkError, httpStatus: NETWORK_ERROR_STATUS });
    xhr.onerror = networkError;
    xhr.ontimeout = networkError;
    xhr.onabort = networkError;
    xhr.onload = () => {
      const payload = parse(xhr.responseText);
      const failure = errorEnvelopeSchema.safeParse(payload);
      const ok = xhr.status >= 200 && xhr.status < 300 && !failure.success;
      if (!ok) {
        const message = failure.success && failure.data.message ? failure.data.message : MESSAGES.unexpected;
        resolve({ status: 'error', message, httpStatus: xhr.status });
        return;
      }
      const message =
        typeof payload === 'object' && payload !== null && 'message' in payload
          ? String(payload.message)
          : '';
      resolve({ status: 'success', data: { message }, httpStatus: xhr.status });
    };
    xhr.send(body);
  });
}
