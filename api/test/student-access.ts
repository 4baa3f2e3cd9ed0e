import { sign } from '@fastify/cookie';
import { IMAGE_KINDS, photoFileName } from '@portal/common';
import type { App } from '../src/app.js';
import { appointments } from '../src/db/schema/index.js';
import {
  encodeStudentSession,
  STUDENT_SESSION_COOKIE,
} from '../src/modules/student-session/student-session.js';
import { SOCIAL_WORK_COLLEGE } from '../src/setup/seed/colleges.js';
import { insertStudent, loginStudent, type StudentOverrides } from './builders.js';
import { COMPLETE_DATA_FIELDS, SOCIAL_WORK_FAMILY } from './complete-data-fields.js';
import { tinyPng } from './images.js';
import { multipartBody } from './multipart.js';
import { passStepUp } from './step-up.js';

/**
 * What the access tests need of students: session cookies of every kind (valid, expired, forged, unsigned,
 * edited) and a student with something to lose on every student route.
 */

const cookieOf = (signed: string) => `${STUDENT_SESSION_COOKIE}=${encodeURIComponent(signed)}`;
const ONE_HOUR = 60 * 60 * 1000;

/** A session cookie the app itself would accept for the student (signed with its secret), ending at `expiresAt`. */
export function studentCookie(app: App, studentId: string, expiresAt = Date.now() + ONE_HOUR): string {
  return cookieOf(app.signCookie(encodeStudentSession({ studentId, expiresAt })));
}

/** A well-formed session cookie for the student signed with a secret the app does not hold. */
export function forgedStudentCookie(studentId: string): string {
  const value = encodeStudentSession({ studentId, expiresAt: Date.now() + ONE_HOUR });
  return cookieOf(sign(value, 'a-secret-the-portal-never-had-0123456789'));
}

/** The session value for the student with no signature at all. */
export function unsignedStudentCookie(studentId: string): string {
  return cookieOf(encodeStudentSession({ studentId, expiresAt: Date.now() + ONE_HOUR }));
}

/** A valid session of `signedFor` whose student id was then edited to `studentId` (signature left as it was). */
export function tamperedStudentCookie(app: App, signedFor: string, studentId: string): string {
  const signed = app.signCookie(
    encodeStudentSession({ studentId: signedFor, expiresAt: Date.now() + ONE_HOUR }),
  );
  return cookieOf(signed.replace(signedFor, studentId));
}

/** A session cookie the app accepts for the student, with a step-up passed on it (issue 33). */
export async function steppedUpStudentCookie(app: App, studentId: string): Promise<string> {
  const cookie = studentCookie(app, studentId);
  await passStepUp(app, cookie, studentId);
  return cookie;
}

/** A complete-data form (fields and six PNG images) a social-work student may submit. */
export function completeDataForm(shade = 0) {
  return multipartBody(
    { ...COMPLETE_DATA_FIELDS, ...SOCIAL_WORK_FAMILY },
    IMAGE_KINDS.map((kind, i) => ({
      filename: photoFileName(`${kind}.png`, kind),
      content: tinyPng([10 * i, shade, 99], 8),
    })),
  );
}

/** A replacement of every document (six PNG images, no text), as a student whose documents were all refused sends. */
export function replacementForm(shade = 0) {
  return multipartBody(
    {},
    IMAGE_KINDS.map((kind, i) => ({
      filename: photoFileName(`${kind}.png`, kind),
      content: tinyPng([10 * i, shade, 199], 8),
    })),
  );
}

/**
 * A social-work student who has done everything a student can: data and six images stored through the API,
 * the charter quiz passed and an interview appointment, so every student route has something to give away.
 */
export async function accomplishedStudent(app: App, overrides: StudentOverrides = {}) {
  const student = await insertStudent(app.db, { college: SOCIAL_WORK_COLLEGE, isPassed: true, ...overrides });
  const cookie = await loginStudent(app, student.nationalId);
  const form = completeDataForm();
  const res = await app.inject({
    method: 'PATCH',
    url: `/api/v1/students/completeStudentData/${student.id}`,
    headers: { ...form.headers, cookie },
    payload: form.payload,
  });
  if (res.statusCode !== 200) throw new Error(`complete data failed: ${res.statusCode} ${res.body}`);
  // Its session reaches everything a student may read, the own-data zip and document images included.
  await passStepUp(app, cookie, student.id);
  await app.db
    .insert(appointments)
    .values({ studentId: student.id, appointedDay: '2030-01-02', appointedHour: 9 });
  return { ...student, cookie };
}
