import { normalizeDigits } from './digits.js';
import { MESSAGES } from './messages.js';

/**
 * The body field of a lookup that carries a solved proof-of-work (ALTCHA's own field name). Here, beside the login
 * form's other zod-free rules, because the login screen's first download sends it and must not pull in zod.
 */
export const LOOKUP_PROOF_FIELD = 'altcha';

/**
 * Arabic messages of the optional student second factor (issue 20, `STUDENT_SECOND_FACTOR=seatNo`): apart from
 * MESSAGES, which every screen downloads, and here rather than beside the lookup's schema, which brings zod to
 * the login screen's first download. A wrong or missing seat number is answered as an unknown national ID
 * (MESSAGES.studentNotRegistered), so that neither can be probed alone; these only describe the field.
 */
export const SEAT_NO_MESSAGES = {
  label: 'رقم الجلوس',
  required: 'يجب ادخال رقم الجلوس',
  invalid: 'رقم الجلوس غير صحيح',
  hint: 'أدخل كذلك رقم جلوسك كما ورد في نتيجة الثانوية العامة أو ما يعادلها.',
} as const;

/**
 * A seat number as the student list's import keeps it: white space and invisible marks dropped, Arabic-Indic
 * and Persian digits made ASCII, dashes dropped (parse-student-sheet.worker.mjs, identifierOf).
 */
export function normalizeSeatNo(input: string): string {
  return normalizeDigits(input).replace(/-/g, '');
}

/**
 * The login form that index.html carries before any script has arrived (prerendered at build): a plain form post
 * the server answers with the student session and a redirect to the student's screen, or with a redirect back to
 * the login screen naming what went wrong. On a slow mobile network the form works seconds before the web app
 * does; once the web app has taken over, the same form is submitted by script instead (`getStudent`).
 */
export const STUDENT_LOGIN_FORM_PATH = '/api/v1/students/loginForm';

/**
 * The markup attribute (on `<html>`) of the pages served while `STUDENT_SECOND_FACTOR=seatNo`: the web app learns
 * from the page itself that the login asks for the seat number too, without a request of its own.
 */
export const STUDENT_SECOND_FACTOR_ATTRIBUTE = 'data-student-second-factor';
/** The folder of the built web app holding the pages of that setting (scripts/prerender-web.mjs). */
export const SEAT_NO_PAGES = 'seat-no';

/** The query parameter of the login screen's address that names a refused form post. */
export const LOGIN_ERROR_PARAM = 'loginError';

/** Why a form post was refused, as the address names it, with the message the login screen shows. */
export const LOGIN_FORM_ERRORS = {
  required: MESSAGES.nationalIdRequired,
  invalid: MESSAGES.nationalIdInvalid,
  seatNoInvalid: SEAT_NO_MESSAGES.invalid,
  notRegistered: MESSAGES.studentNotRegistered,
  tooMany: MESSAGES.tooManyRequests,
  proofRequired: MESSAGES.lookupProofRequired,
  busy: MESSAGES.serverBusy,
  unavailable: MESSAGES.databaseUnavailable,
  unexpected: MESSAGES.unexpected,
} as const;
export type LoginFormError = keyof typeof LOGIN_FORM_ERRORS;

export const LOGIN_FORM_ERROR_CODES = Object.keys(LOGIN_FORM_ERRORS) as LoginFormError[];

/** The code a login screen address carries, when it is one of ours; anything else names no error. */
export function loginFormErrorOf(value: string | null | undefined): LoginFormError | undefined {
  return LOGIN_FORM_ERROR_CODES.find((code) => code === value);
}

/** The code for a refused login: the Arabic message the lookup answered with, else its HTTP status. */
export function loginFormErrorFor(status: number, message: string): LoginFormError {
  const byMessage = LOGIN_FORM_ERROR_CODES.find((code) => LOGIN_FORM_ERRORS[code] === message);
  if (byMessage !== undefined) return byMessage;
  if (status === 429) return 'tooMany';
  if (status === 503) return 'busy';
  if (status >= 400 && status < 500) return 'invalid';
  return 'unexpected';
}
