import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import { normalizeSeatNo, SEAT_NO_MESSAGES } from './student-login-form.js';
import { studentLookupRequestSchema, studentLookupResponseSchema } from './student-lookup.js';

function firstMessage(input: unknown): string | undefined {
  const result = studentLookupRequestSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('studentLookupRequestSchema', () => {
  it('normalises the national ID', () => {
    expect(studentLookupRequestSchema.parse({ nationalID: ' ٣٠١٠١ ٠١٢٣٤٥٦٧٨ ' })).toEqual({
      nationalID: '30101012345678',
    });
  });

  it.each([
    { nationalID: '' },
    { nationalID: '   ' },
    {},
    { nationalID: null },
    { nationalID: 30101012345678 },
  ])('requires a national ID (%j)', (input) => {
    expect(firstMessage(input)).toBe(MESSAGES.nationalIdRequired);
  });

  it('accepts 32 characters and refuses 33', () => {
    expect(studentLookupRequestSchema.safeParse({ nationalID: '1'.repeat(32) }).success).toBe(true);
    expect(firstMessage({ nationalID: '1'.repeat(33) })).toBe(MESSAGES.nationalIdInvalid);
    expect(firstMessage({ nationalID: ` ${'١'.repeat(32)} ` })).toBeUndefined();
  });

  it('refuses a body that is not an object', () => {
    expect(firstMessage(null)).toBe(MESSAGES.invalidInput);
    expect(firstMessage('30101012345678')).toBe(MESSAGES.invalidInput);
  });
});

describe('the seat number of the student second factor', () => {
  it('is optional, and normalised as the student list import keeps it', () => {
    expect(studentLookupRequestSchema.parse({ nationalID: '1' })).toEqual({ nationalID: '1' });
    expect(studentLookupRequestSchema.parse({ nationalID: '1', seatNo: ' ١٢-٣٤ ۵\u200f' })).toEqual({
      nationalID: '1',
      seatNo: '12345',
    });
    expect(normalizeSeatNo('A-12 b')).toBe('A12b');
  });

  it('accepts 20 characters once normalised and refuses 21, or anything but a string', () => {
    expect(
      studentLookupRequestSchema.safeParse({ nationalID: '1', seatNo: `${'١'.repeat(20)}--` }).success,
    ).toBe(true);
    for (const seatNo of ['1'.repeat(21), 'x'.repeat(1000), 12345, null, ['1']])
      expect(firstMessage({ nationalID: '1', seatNo })).toBe(SEAT_NO_MESSAGES.invalid);
  });
});

describe('studentLookupResponseSchema', () => {
  const response = {
    status: 'success',
    _id: '3f2b8c1e-5d4a-4b7e-9c1d-2a6f8e0b4c3d',
    result: [{ name: 'الاسم', value: 'أحمد محمد' }],
    studentData: {
      isPassed: false,
      isCompletedAdditionalQuestions: false,
      isComplete: false,
      college: 'كلية',
    },
  };

  const flags = {
    socialWork: false,
    tourism: false,
    appointed: false,
    appointedDay: null,
    appointedHour: null,
    documentsStatus: 'none',
    documents: [],
    appointmentPlace: null,
    interviewDecision: null,
    formsDownloaded: false,
    dataDeadline: null,
    progress: [],
  };

  it('parses the lookup answer', () => {
    const full = { ...response, studentData: { ...response.studentData, ...flags } };
    expect(studentLookupResponseSchema.parse(full)).toEqual(full);
  });

  it('reads an answer without the college flags and the appointment as neither and not appointed', () => {
    expect(studentLookupResponseSchema.parse(response).studentData).toEqual({
      ...response.studentData,
      ...flags,
    });
  });

  it('carries the college flags and the appointment', () => {
    const appointed = {
      ...response.studentData,
      socialWork: true,
      tourism: false,
      appointed: true,
      appointedDay: '2026-08-15',
      appointedHour: 12,
      documentsStatus: 'needsReupload',
      documents: [{ kind: 'personalPhoto', state: 'rejected', reason: 'سبب آخر', note: 'خلفية داكنة' }],
      appointmentPlace: 'قاعة 3',
      interviewDecision: 'suitable',
      formsDownloaded: true,
      dataDeadline: '2026-12-01T21:59:00.000Z',
      progress: [
        { step: 'documents', state: 'blocked', detail: 'مطلوب إعادة رفع: الصورة الشخصية (سبب آخر)' },
      ],
    };
    expect(studentLookupResponseSchema.parse({ ...response, studentData: appointed }).studentData).toEqual(
      appointed,
    );
    for (const wrong of [
      { appointedHour: 10 },
      { appointedDay: '15/08/2026' },
      { socialWork: 'yes' },
      { documentsStatus: 'rejected' },
      { documents: [{ kind: 'passport', state: 'rejected', reason: null, note: null }] },
      { interviewDecision: 'accepted' },
      { appointmentPlace: 3 },
      { progress: [{ step: 'payment', state: 'done' }] },
      { progress: [{ step: 'forms', state: 'finished' }] },
      { formsDownloaded: 'yes' },
    ]) {
      const studentData = { ...appointed, ...wrong };
      expect(studentLookupResponseSchema.safeParse({ ...response, studentData }).success).toBe(false);
    }
  });

  it('requires a uuid id and boolean flags', () => {
    expect(studentLookupResponseSchema.safeParse({ ...response, _id: '42' }).success).toBe(false);
    expect(
      studentLookupResponseSchema.safeParse({
        ...response,
        studentData: { ...response.studentData, isPassed: 'no' },
      }).success,
    ).toBe(false);
    expect(studentLookupResponseSchema.safeParse({ ...response, status: 'error' }).success).toBe(false);
  });
});
