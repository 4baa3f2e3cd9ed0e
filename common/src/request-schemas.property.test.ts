import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addAdminRequestSchema,
  appointedStudentsNumberRequestSchema,
  appointStudentsRequestSchema,
  bookInterviewRequestSchema,
  createSlotRequestSchema,
  dateRangeQuerySchema,
  facultyRequestSchema,
  getAdminRequestSchema,
  getAllStudentsRequestSchema,
  getStudentInfoRequestSchema,
  interviewDayQuerySchema,
  interviewExportRequestSchema,
  interviewOutcomeRequestSchema,
  loginRequestSchema,
  MESSAGES,
  numOfStudentsField,
  phoneField,
  resetAdminPasswordRequestSchema,
  SCHEDULING_MAX_STUDENTS,
  scheduleDateField,
  studentDownloadRequestSchema,
  studentLookupRequestSchema,
  studentPageQuerySchema,
  studentUploadFieldsSchema,
  updateAdminRequestSchema,
  updateMyPasswordRequestSchema,
  updateOwnAccountRequestSchema,
  updateSlotRequestSchema,
  userNameField,
} from './index.js';

const RUNS = { numRuns: 200 };
const ARABIC_LETTER = /[\u0621-\u064a]/;
const ARABIC_INDIC = (digits: string) =>
  digits.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

/** Every request body and query the API validates with a shared schema. */
const REQUEST_SCHEMAS: Record<string, z.ZodType> = {
  studentLookupRequestSchema,
  loginRequestSchema,
  updateMyPasswordRequestSchema,
  updateOwnAccountRequestSchema,
  addAdminRequestSchema,
  updateAdminRequestSchema,
  resetAdminPasswordRequestSchema,
  getAdminRequestSchema,
  getAllStudentsRequestSchema,
  getStudentInfoRequestSchema,
  studentPageQuerySchema,
  facultyRequestSchema,
  studentDownloadRequestSchema,
  studentUploadFieldsSchema,
  appointedStudentsNumberRequestSchema,
  appointStudentsRequestSchema,
  createSlotRequestSchema,
  updateSlotRequestSchema,
  dateRangeQuerySchema,
  bookInterviewRequestSchema,
  interviewDayQuerySchema,
  interviewOutcomeRequestSchema,
  interviewExportRequestSchema,
};

/** Bodies shaped like the requests (the schemas' own keys) with any values, and any JSON at all. */
const KEYS = [
  'nationalID',
  'userName',
  'password',
  'passwordCurrent',
  'passwordConfirm',
  'name',
  'phoneNumber',
  'role',
  'faculty',
  'id',
  'adminInfo',
  'studentName',
  'isComplete',
  'page',
  'limit',
  'status',
  'date',
  'period',
  'NumOfStudents',
  'capacity',
  'place',
  'closed',
  'from',
  'to',
  'slotId',
  'attended',
  'scores',
  'decision',
  'notes',
];
const shaped = fc.dictionary(fc.constantFrom(...KEYS), fc.oneof(fc.anything(), fc.string()), { maxKeys: 8 });

/** A form's body: an object of the schema's own keys with text values, as the screens send it. */
const formShaped = fc.dictionary(fc.constantFrom(...KEYS), fc.string({ unit: 'grapheme', maxLength: 30 }), {
  maxKeys: 8,
});

describe('shared request schemas (properties)', () => {
  for (const [name, schema] of Object.entries(REQUEST_SCHEMAS)) {
    it(`${name} never throws on any input`, () => {
      fc.assert(
        fc.property(fc.oneof(fc.anything(), shaped), (input) => {
          const parsed = schema.safeParse(input);
          if (!parsed.success) expect(parsed.error.issues.length).toBeGreaterThan(0);
        }),
        RUNS,
      );
    });

    it(`${name} refuses a form-shaped body (text values) with an Arabic message`, () => {
      fc.assert(
        fc.property(formShaped, (input) => {
          const parsed = schema.safeParse(input);
          if (!parsed.success) expect(parsed.error.issues[0]?.message).toMatch(ARABIC_LETTER);
        }),
        RUNS,
      );
    });
  }
});

describe('shared fields (properties)', () => {
  const parse = (schema: z.ZodType, value: unknown) => schema.safeParse(value);
  const firstMessage = (schema: z.ZodType, value: unknown) => parse(schema, value).error?.issues[0]?.message;

  it('a mobile number of 8 to 15 digits in any script, spaced, is accepted as ASCII digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{8,15}$/), fc.boolean(), fc.boolean(), (digits, arabic, plus) => {
        const typed = `${plus ? '+' : ''}${arabic ? ARABIC_INDIC(digits) : digits}`.replace(/(.{3})/g, '$1 ');
        expect(parse(phoneField(), typed).data).toBe(`${plus ? '+' : ''}${digits}`);
      }),
      RUNS,
    );
  });

  it('a mobile number with a letter, or of the wrong length, is refused with the Arabic message', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc
            .tuple(fc.stringMatching(/^\d{8,15}$/), fc.constantFrom('a', 'ب', '-', '#', '٫'))
            .map(([d, c]) => d.slice(0, 4) + c + d.slice(4)),
          fc.stringMatching(/^\d{1,7}$/),
          fc.stringMatching(/^\d{16,25}$/),
        ),
        (typed) => {
          expect(firstMessage(phoneField(), typed)).toBe(MESSAGES.phoneInvalid);
        },
      ),
      RUNS,
    );
  });

  it('a user name of 5 to 50 letters, digits, dots, dashes and underscores is accepted; any other character is refused', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9._-]{5,50}$/),
        fc.constantFrom(' x', "'", '<', 'ا', '\u200b', ';'),
        (name, bad) => {
          expect(parse(userNameField(), name).success).toBe(true);
          const mutated = name.slice(0, 2) + bad + name.slice(2, 40);
          expect(firstMessage(userNameField(), mutated)).toBe(MESSAGES.userNameInvalidChars);
        },
      ),
      RUNS,
    );
  });

  it(`the number of students is a whole number from 1 to ${SCHEDULING_MAX_STUDENTS} in any digit script`, () => {
    fc.assert(
      fc.property(fc.integer({ min: -5000, max: 5000 }), fc.boolean(), (count, arabic) => {
        const typed = arabic ? ARABIC_INDIC(String(count)) : String(count);
        const parsed = parse(numOfStudentsField, typed);
        expect(parsed.success).toBe(count >= 1 && count <= SCHEDULING_MAX_STUDENTS);
        if (parsed.success) expect(parsed.data).toBe(count);
        else expect(parsed.error.issues[0]?.message).toMatch(ARABIC_LETTER);
      }),
      RUNS,
    );
  });

  it('a schedule date is a real calendar day written YYYY-MM-DD', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const iso = date.toISOString().slice(0, 10);
          expect(parse(scheduleDateField, iso).success).toBe(true);
          const [year, month, day] = iso.split('-');
          expect(firstMessage(scheduleDateField, `${year}-${month}-${Number(day) + 31}`)).toBe(
            MESSAGES.scheduleDateInvalid,
          );
          expect(firstMessage(scheduleDateField, `${day}/${month}/${year}`)).toBe(
            MESSAGES.scheduleDateInvalid,
          );
        },
      ),
      RUNS,
    );
  });
});
