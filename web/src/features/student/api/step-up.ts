import { type StepUpStartResponse, stepUpStartResponseSchema } from '@portal/common';
import { apiRequest, type ResponseParser } from '@/lib/api-client';
import { messageResponse } from './message-response';

const startResponse: ResponseParser<StepUpStartResponse> = stepUpStartResponseSchema;

/** `POST /students/stepUp/{id}` (issue 33): sends a code, or names the seat number. */
export function startStepUp(studentId: string) {
  return apiRequest(`/students/stepUp/${encodeURIComponent(studentId)}`, {
    method: 'POST',
    schema: startResponse,
  });
}

/** `POST /students/stepUp/{id}/verify` with the code or the seat number as typed (the server normalises digits). */
export function verifyStepUp(studentId: string, answer: { code: string } | { seatNo: string }) {
  return apiRequest(`/students/stepUp/${encodeURIComponent(studentId)}/verify`, {
    method: 'POST',
    body: answer,
    schema: messageResponse,
  });
}
