import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, insertStaff, tokenFor } from '../../test/auth-helpers.js';
import { insertStudent, loginStudent } from '../../test/builders.js';
import { pdfLayoutText, pdfText, printsLiterally, printsWithinLines } from '../../test/pdf-text.js';
import { createTestApp } from '../../test/test-app.js';
import { appointments } from '../db/schema/index.js';
import { SOCIAL_WORK_COLLEGE } from '../setup/seed/colleges.js';

/**
 * Names that are markup somewhere: HTML for the screens, Typst for the PDFs. The renderer reads every value
 * from a JSON file (`json("/data.json")`), never from the template's source, so none of them can run or
 * change the document; these tests hold it to that. A name is at most one line of the form, so each is short.
 */
const HOSTILE_NAMES = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(2)>',
  '"><svg onload=alert(3)>',
  '#read("/etc/passwd")',
  '#sys.exit() #panic("x")',
  '$x^2$ *bold* _em_',
  '] [ #{ } \\ \\u{41}',
  '#import "/data.json": *',
  '// note /* a */ `raw`',
  '@label <lbl> ~ -- ---',
];

const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '10000' });
const db = database.db;
const DAY = '2030-01-02';

const students: { id: string; nationalId: string; name: string }[] = [];
beforeAll(async () => {
  for (const name of HOSTILE_NAMES) {
    const student = await insertStudent(db, {
      name,
      college: SOCIAL_WORK_COLLEGE,
      isComplete: true,
      completedAt: new Date(),
      phoneNumber: '01000000000',
      address: name,
    });
    await db.insert(appointments).values({ studentId: student.id, appointedDay: DAY, appointedHour: 9 });
    students.push(student);
  }
});

describe('names that are Typst or HTML markup', () => {
  it.each(HOSTILE_NAMES.map((name, i) => [name, i] as const))(
    'the admission form prints %s literally',
    async (name, i) => {
      const student = students[i] as (typeof students)[number];
      const cookie = await loginStudent(app, student.nationalId);
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/students/getAdmissionForm/${student.id}`,
        headers: { cookie },
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const text = pdfText(res.rawPayload);
      expect(printsLiterally(text, name), text).toBe(true);
      expect(text).not.toMatch(/root:x:0:0/);
    },
  );

  it('the interview schedule prints every one of them literally', async () => {
    const social = await insertStaff(db, { role: 'SOCIAL_ADMIN' });
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/users/exportsAppointedStudents/${DAY}/9/${await tokenFor(app, social)}`,
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    // The schedule is a table: read as laid out, a name shares its line with the row's numbers, or, wrapped in
    // its column, stands on the lines just above and below them.
    const text = pdfLayoutText(res.rawPayload);
    for (const name of HOSTILE_NAMES) expect(printsWithinLines(text, name, 3), `${name}\n${text}`).toBe(true);
    expect(text).not.toMatch(/root:x:0:0/);
  });

  it('the staff search answers them as JSON strings, unchanged', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/students/getStudentInfo',
      headers: bearer(await tokenFor(app, await insertStaff(db, { role: 'SUPPORT' }))),
      payload: { studentName: 'alert' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = JSON.stringify(res.json());
    for (const name of HOSTILE_NAMES.slice(0, 3)) expect(body).toContain(JSON.stringify(name).slice(1, -1));
  });
});
