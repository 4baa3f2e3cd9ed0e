import { MESSAGES } from '@portal/common';
import { describe, expect, it } from 'vitest';
import { insertStudent } from '../../../test/builders.js';
import { createTestApp } from '../../../test/test-app.js';
import { decodeStudentSession, STUDENT_SESSION_COOKIE } from '../student-session/index.js';

const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '4' });
const FORM = '/api/v1/students/loginForm';

/** The student id inside the answer's signed session cookie, or undefined without a valid one. */
function sessionStudentOf(res: Awaited<ReturnType<typeof app.inject>>): string | undefined {
  const cookie = res.cookies.find((c) => c.name === STUDENT_SESSION_COOKIE);
  if (cookie === undefined) return undefined;
  const unsigned = app.unsignCookie(decodeURIComponent(cookie.value));
  return unsigned.valid && unsigned.value !== null
    ? decodeStudentSession(unsigned.value)?.studentId
    : undefined;
}

let nextAddress = 1;
/** Each test posts from its own address, so the shared lookup limit of one test does not reach the next. */
const freshAddress = () => `10.9.0.${nextAddress++}`;

function post(
  body: string,
  {
    remoteAddress = freshAddress(),
    headers = {},
  }: { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url: FORM,
    payload: body,
    remoteAddress,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
  });
}

const form = (nationalID: string) => new URLSearchParams({ nationalID }).toString();

describe('POST /students/loginForm', () => {
  it('opens the session, keeps the web app its cookies and sends the student to the first screen', async () => {
    const student = await insertStudent(database.db);
    const res = await post(form(student.nationalId));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/stAdmission/dashboard/documentDownloadPage');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(sessionStudentOf(res)).toBe(student.id);
    const byName = Object.fromEntries(res.cookies.map((cookie) => [cookie.name, cookie]));
    expect(byName.id?.value).toBe(student.id);
    expect(byName.nationalID?.value).toBe(student.nationalId);
    // The web app's own cookies: its scripts read them, so they are not HttpOnly (spec section 3).
    expect(byName.nationalID?.httpOnly).toBeUndefined();
    expect(byName.nationalID).toMatchObject({ path: '/', sameSite: 'Lax', maxAge: 86400 });
  });

  it('sends a student who passed the quiz where the web app would', async () => {
    const student = await insertStudent(database.db, {
      isPassed: true,
      isCompletedAdditionalQuestions: true,
    });
    const res = await post(form(student.nationalId));
    expect(res.headers.location).toBe('/stAdmission/dashboard/studentDataView');
  });

  it('takes Arabic-Indic digits and stray spaces as the JSON call does', async () => {
    const student = await insertStudent(database.db);
    const typed = ` ${student.nationalId.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)))} `;
    const res = await post(form(typed));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/stAdmission/dashboard/documentDownloadPage');
    expect(res.cookies.find((cookie) => cookie.name === 'nationalID')?.value).toBe(student.nationalId);
  });

  it.each([
    ['an unknown national ID', form('29912319999999'), 'notRegistered'],
    ['an empty national ID', form(''), 'required'],
    ['no national ID at all', 'seatNo=1', 'required'],
    ['a national ID far too long', form('1'.repeat(200)), 'invalid'],
    ['a NUL byte', form('2991231\u00009'), 'invalid'],
  ])('sends %s back to the login screen naming why, with no session', async (_what, body, code) => {
    const res = await post(body);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/stAdmission/?loginError=${code}`);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toBe('');
  });

  it('refuses a body larger than a login, a JSON body and a post from another site, logging nobody in', async () => {
    const student = await insertStudent(database.db);
    const huge = await post(`${form(student.nationalId)}&pad=${'x'.repeat(4096)}`);
    const json = await app.inject({
      method: 'POST',
      url: FORM,
      payload: { nationalID: student.nationalId },
      headers: { 'sec-fetch-site': 'same-origin' },
      remoteAddress: freshAddress(),
    });
    const crossSite = await post(form(student.nationalId), { headers: { 'sec-fetch-site': 'cross-site' } });
    const foreignOrigin = await app.inject({
      method: 'POST',
      url: FORM,
      payload: form(student.nationalId),
      remoteAddress: freshAddress(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    });
    for (const res of [huge, json, crossSite, foreignOrigin]) {
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/stAdmission/?loginError=invalid');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('accepts a post whose Origin is the portal itself when the browser sends no Sec-Fetch-Site', async () => {
    const student = await insertStudent(database.db);
    const res = await app.inject({
      method: 'POST',
      url: FORM,
      payload: form(student.nationalId),
      remoteAddress: freshAddress(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost:3000',
        host: 'localhost:3000',
      },
    });
    expect(res.headers.location).toBe('/stAdmission/dashboard/documentDownloadPage');
  });

  it('shares the lookup limit with getStudent: past it either door answers "too many"', async () => {
    const remoteAddress = freshAddress();
    const lookupJson = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/students/getStudent',
        payload: { nationalID: '29912319999999' },
        remoteAddress,
      });
    for (let i = 0; i < 2; i += 1) {
      expect((await lookupJson()).statusCode).toBe(404);
      expect((await post(form('29912319999999'), { remoteAddress })).headers.location).toBe(
        '/stAdmission/?loginError=notRegistered',
      );
    }
    const limited = await post(form('29912319999999'), { remoteAddress });
    expect(limited.headers.location).toBe('/stAdmission/?loginError=tooMany');
    const limitedJson = await lookupJson();
    expect(limitedJson.statusCode).toBe(429);
    expect(limitedJson.json().message).toBe(MESSAGES.tooManyRequests);
  });
});
