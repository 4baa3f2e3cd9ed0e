import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger.js';

describe('redactUrl', () => {
  it.each([
    [
      '/api/v1/users/exportsAppointedStudents/2026-11-23/9/eyJhbGciOi.abc.def',
      '/api/v1/users/exportsAppointedStudents/2026-11-23/9/[redacted]',
    ],
    ['/api/v1/downloads/abc.def', '/api/v1/downloads/[redacted]'],
    ['/api/v1/students/uploadReport/tok', '/api/v1/students/uploadReport/[redacted]'],
    ['/api/v1/forms/verify/tok?x=1', '/api/v1/forms/verify/[redacted]?x=1'],
    [
      '/api/v1/students/getAdmissionForm/id?token=secret&a=b',
      '/api/v1/students/getAdmissionForm/id?token=[redacted]&a=b',
    ],
  ])('hides the credential in %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('leaves ordinary paths alone', () => {
    expect(redactUrl('/api/v1/students/getStudent')).toBe('/api/v1/students/getStudent');
  });
});
