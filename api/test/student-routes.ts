import { extractAdditionalQuestions } from '@portal/common';
import type { InjectOptions } from 'fastify';
import type { App } from '../src/app.js';
import { API_PREFIX } from '../src/modules/auth/access-policy.js';
import { insertSlot, workingDay } from './interviews.js';
import { completeDataForm, replacementForm } from './student-access.js';

/** The student a request is aimed at. */
export interface TargetStudent {
  id: string;
  nationalId: string;
}

export type StudentRouteRequest = (target: TargetStudent) => InjectOptions;

/** A questionnaire answer set the server accepts, so a call that slipped through would store it. */
async function acceptedAnswers(app: App) {
  const res = await app.inject({ method: 'GET', url: `${API_PREFIX}/additionalQuestions` });
  return (extractAdditionalQuestions(res.json()) ?? []).map((q) => {
    if (q.type === 'input') return { id: q.id, answer: 'نص', input: '' };
    if (q.type === 'multi_select_input') return { id: q.id, answer: [q.options[0] ?? ''], input: '' };
    if (q.type === 'mcq_yes_input') return { id: q.id, answer: 'لا', input: '' };
    return { id: q.id, answer: q.options[0] ?? '', input: '' };
  });
}

/** An open interview slot with free places a week ahead, so a booking that slipped through would take one. */
async function openSlot(app: App): Promise<string> {
  return insertSlot(app.db, { day: workingDay(7), capacity: 500 });
}

/**
 * Every route that acts on the logged-in student (keyed as the access table writes routes), with a request
 * that would read or change the target student's record were it let through: a full complete-data form, a
 * valid questionnaire, quiz answers. URLs are under `/api/v1`.
 */
export async function studentRouteRequests(app: App): Promise<Record<string, StudentRouteRequest>> {
  const answers = await acceptedAnswers(app);
  const slotId = await openSlot(app);
  const get =
    (path: (t: TargetStudent) => string): StudentRouteRequest =>
    (t) => ({
      method: 'GET',
      url: API_PREFIX + path(t),
    });
  return {
    'GET /students/appointment/:id.ics': get((t) => `/students/appointment/${t.id}.ics`),
    'PATCH /students/completeStudentData/:id': (t) => {
      const form = completeDataForm(77);
      return {
        method: 'PATCH',
        url: `${API_PREFIX}/students/completeStudentData/${t.id}`,
        headers: form.headers,
        payload: form.payload,
      };
    },
    'GET /students/completeStudentData/:id': get((t) => `/students/completeStudentData/${t.id}`),
    'PATCH /students/replaceDocuments/:id': (t) => {
      const form = replacementForm(78);
      return {
        method: 'PATCH',
        url: `${API_PREFIX}/students/replaceDocuments/${t.id}`,
        headers: form.headers,
        payload: form.payload,
      };
    },
    'GET /students/photo/:id/:kind': get((t) => `/students/photo/${t.id}/personalPhoto`),
    'GET /students/document/:id/:kind': get((t) => `/students/document/${t.id}/personalPhoto`),
    'GET /students/question/:id': get((t) => `/students/question/${t.id}`),
    'POST /students/question/:id': (t) => ({
      method: 'POST',
      url: `${API_PREFIX}/students/question/${t.id}`,
      payload: { answers: { '1': 'true', '2': 'true', '3': 'true', '4': 'true' } },
    }),
    'POST /additionalQuestions/submit/:nationalID': (t) => ({
      method: 'POST',
      url: `${API_PREFIX}/additionalQuestions/submit/${t.nationalId}`,
      payload: { answers },
    }),
    'GET /students/getAdmissionForm/:studentId': get((t) => `/students/getAdmissionForm/${t.id}`),
    'GET /students/getAcquaintanceForm/:studentId': get((t) => `/students/getAcquaintanceForm/${t.id}`),
    'GET /students/getFinalPersonalTestForm/:studentId': get(
      (t) => `/students/getFinalPersonalTestForm/${t.id}`,
    ),
    'GET /students/interviewSlots/:id': get((t) => `/students/interviewSlots/${t.id}`),
    'GET /students/myData/:id': get((t) => `/students/myData/${t.id}`),
    'POST /students/stepUp/:id': (t) => ({ method: 'POST', url: `${API_PREFIX}/students/stepUp/${t.id}` }),
    'POST /students/stepUp/:id/verify': (t) => ({
      method: 'POST',
      url: `${API_PREFIX}/students/stepUp/${t.id}/verify`,
      payload: { seatNo: '1' },
    }),
    'POST /students/bookInterview/:id': (t) => ({
      method: 'POST',
      url: `${API_PREFIX}/students/bookInterview/${t.id}`,
      payload: { slotId },
    }),
    'POST /students/cancelInterview/:id': (t) => ({
      method: 'POST',
      url: `${API_PREFIX}/students/cancelInterview/${t.id}`,
    }),
  };
}

/** `request` as the holder of `cookie` (none: no cookie at all). */
export function withCookie(options: InjectOptions, cookie: string | undefined): InjectOptions {
  return { ...options, headers: { ...options.headers, ...(cookie ? { cookie } : {}) } };
}
