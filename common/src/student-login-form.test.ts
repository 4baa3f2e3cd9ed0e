import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import {
  LOGIN_FORM_ERRORS,
  loginFormErrorFor,
  loginFormErrorOf,
  SEAT_NO_MESSAGES,
} from './student-login-form.js';

describe('loginFormErrorOf', () => {
  it('accepts only the codes it knows', () => {
    expect(loginFormErrorOf('notRegistered')).toBe('notRegistered');
    expect(loginFormErrorOf('constructor')).toBeUndefined();
    expect(loginFormErrorOf('__proto__')).toBeUndefined();
    expect(loginFormErrorOf('')).toBeUndefined();
    expect(loginFormErrorOf(null)).toBeUndefined();
  });
});

describe('loginFormErrorFor', () => {
  it.each([
    [404, MESSAGES.studentNotRegistered, 'notRegistered'],
    [400, MESSAGES.nationalIdRequired, 'required'],
    [400, MESSAGES.nationalIdInvalid, 'invalid'],
    [400, SEAT_NO_MESSAGES.invalid, 'seatNoInvalid'],
    [400, MESSAGES.textUnstorable, 'invalid'],
    [429, 'anything', 'tooMany'],
    [403, MESSAGES.lookupProofRequired, 'proofRequired'],
    [503, MESSAGES.databaseUnavailable, 'unavailable'],
    [503, MESSAGES.serverBusy, 'busy'],
    [503, 'the PDF renderer', 'busy'],
    [500, MESSAGES.unexpected, 'unexpected'],
    [502, 'gateway', 'unexpected'],
  ] as const)('%i %s → %s', (status, message, code) => {
    expect(loginFormErrorFor(status, message)).toBe(code);
  });

  it('names a message for every code', () => {
    for (const message of Object.values(LOGIN_FORM_ERRORS)) expect(message).toMatch(/[\u0600-\u06ff]/);
  });
});
