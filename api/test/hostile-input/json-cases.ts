// Kept whole: a table of data, one hostile case per JSON route and field, read by hostile-input.test.ts; its rows
// are independent, and splitting it by route would scatter the one list a new route must be added to.
import { randomUUID } from 'node:crypto';
import { IMAGE_KINDS, MESSAGES, REVIEW_MESSAGES, REVIEW_NOTE_MAX_LENGTH } from '@portal/common';
import { OTHER_FACULTY, TEST_FACULTY } from '../auth-helpers.js';
import type { CaseContext, HostileBody, HostileCase } from './hostile-case.js';
import {
  arabicIndic,
  deepJson,
  FORMULA_HYPERLINK,
  hugeJson,
  LONE_SURROGATE,
  NUL,
  persian,
  RIGHT_TO_LEFT_OVERRIDE,
  SCRIPT_TAG,
  SQL_DROP,
  SQL_INJECTION,
  TYPST_MARKUP,
  ZERO_WIDTH_SPACE,
} from './payloads.js';

const json = (value: unknown): HostileBody => ({ kind: 'json', value });
const raw = (payload: string, contentType = 'application/json'): HostileBody => ({
  kind: 'raw',
  payload,
  contentType,
});
const enc = encodeURIComponent;
const PROTO_BODY = '{"__proto__":{"polluted":"yes"},"nationalID":"1"}';
const CONSTRUCTOR_BODY = '{"constructor":{"prototype":{"polluted":"yes"}},"nationalID":"1"}';
const ONE_MB = 1024 * 1024;
/** An unknown national ID counts a miss for the portal-wide lookup guard (decision 0018). */
const LOOKUP_MISS = ['student_lookup_misses'] as const;
/** A wrong staff password counts a failure for the throttle, which audits it (decision 0019). */
const STAFF_PASSWORD_FAILURE = ['login_failures', 'audit_log'] as const;

/** Valid questionnaire answers, with `text` wherever free text is typed. */
function answersWith(ctx: CaseContext, text: string) {
  return ctx.questions.map((question) => {
    if (question.type === 'input') return { id: question.id, answer: text };
    if (question.type === 'multi_select_input') return { id: question.id, answer: [question.options[0]] };
    const option = question.options.find((o) => !o.includes('أخرى') && o !== 'نعم') ?? question.options[0];
    return { id: question.id, answer: option };
  });
}

/** Student login: the national ID is the only input, normalised, with no format rule (spec section 5). */
const studentLogin: HostileCase[] = [
  ...(
    [
      ['a number', 30101011234567, MESSAGES.nationalIdRequired],
      ['null', null, MESSAGES.nationalIdRequired],
      ['a list', ['30101011234567'], MESSAGES.nationalIdRequired],
      ['an object', { $ne: '' }, MESSAGES.nationalIdRequired],
    ] as const
  ).map(
    ([what, value, message]): HostileCase => ({
      name: `getStudent: nationalID as ${what}`,
      route: 'POST /students/getStudent',
      who: 'anonymous',
      request: () => ({ body: json({ nationalID: value }) }),
      status: 400,
      message,
    }),
  ),
  {
    name: 'getStudent: nationalID missing',
    route: 'POST /students/getStudent',
    who: 'anonymous',
    request: () => ({ body: json({ seatNo: '1' }) }),
    status: 400,
    message: MESSAGES.nationalIdRequired,
  },
  ...[SQL_INJECTION, SQL_DROP, SCRIPT_TAG, FORMULA_HYPERLINK.slice(0, 30)].map(
    (value): HostileCase => ({
      name: `getStudent: nationalID ${JSON.stringify(value)} is simply not registered`,
      route: 'POST /students/getStudent',
      who: 'anonymous',
      request: () => ({ body: json({ nationalID: value }) }),
      status: 404,
      message: MESSAGES.studentNotRegistered,
      counted: LOOKUP_MISS,
    }),
  ),
  {
    name: 'getStudent: a NUL byte after a registered national ID',
    route: 'POST /students/getStudent',
    who: 'anonymous',
    request: (ctx) => ({ body: json({ nationalID: `${ctx.student.nationalId}${NUL}` }) }),
    status: 400,
    message: MESSAGES.textUnstorable,
  },
  {
    name: 'getStudent: a lone surrogate in the national ID',
    route: 'POST /students/getStudent',
    who: 'anonymous',
    request: () => ({ body: json({ nationalID: `1${LONE_SURROGATE}2` }) }),
    status: 400,
    message: MESSAGES.textUnstorable,
  },
  {
    name: 'getStudent: extra fields (role, isPassed) are ignored',
    route: 'POST /students/getStudent',
    who: 'anonymous',
    request: () => ({ body: json({ nationalID: '1', role: 'SUPERADMIN', isPassed: true }) }),
    status: 404,
    message: MESSAGES.studentNotRegistered,
    counted: LOOKUP_MISS,
  },
  {
    name: 'getStudent: a 1 MB national ID',
    route: 'POST /students/getStudent',
    who: 'anonymous',
    request: () => ({ body: raw(hugeJson('nationalID', ONE_MB + 10)) }),
    status: 413,
    message: MESSAGES.bodyTooLarge,
  },
  {
    name: 'getStudent: JSON nested 10,000 levels deep',
    route: 'POST /students/getStudent',
    who: 'anonymous',
    request: () => ({ body: raw(deepJson(10_000)) }),
    status: 400,
    message: MESSAGES.nationalIdRequired,
  },
  {
    name: 'getStudent: arrays nested 400,000 levels deep (just under 1 MB)',
    route: 'POST /students/getStudent',
    who: 'anonymous',
    request: () => ({ body: raw(deepJson(400_000, 'array')) }),
    status: 400,
  },
  {
    name: 'getStudent: a __proto__ key',
    route: 'POST /students/getStudent',
    who: 'anonymous',
    request: () => ({ body: raw(PROTO_BODY) }),
    status: 400,
    message: MESSAGES.invalidJson,
  },
  {
    name: 'getStudent: a constructor.prototype key',
    route: 'POST /students/getStudent',
    who: 'anonymous',
    request: () => ({ body: raw(CONSTRUCTOR_BODY) }),
    status: 400,
    message: MESSAGES.invalidJson,
  },
  {
    name: 'getStudent: malformed JSON',
    route: 'POST /students/getStudent',
    who: 'anonymous',
    request: () => ({ body: raw('{"nationalID": "3010') }),
    status: 400,
    message: MESSAGES.invalidJson,
  },
  {
    name: 'getStudent: text/plain',
    route: 'POST /students/getStudent',
    who: 'anonymous',
    request: () => ({ body: raw('nationalID=1', 'text/plain') }),
    status: 415,
    message: MESSAGES.unsupportedMediaType,
  },
  {
    name: 'getStudent: application/xml',
    route: 'POST /students/getStudent',
    who: 'anonymous',
    request: () => ({ body: raw('<nationalID>1</nationalID>', 'application/xml') }),
    status: 415,
    message: MESSAGES.unsupportedMediaType,
  },
  {
    name: 'getStudent: ACCEPTS the national ID in Arabic-Indic digits',
    route: 'POST /students/getStudent',
    who: 'anonymous',
    request: (ctx) => ({ body: json({ nationalID: arabicIndic(ctx.student.nationalId) }) }),
    status: 200,
    accepted: { verify: (ctx, body) => expectId(body, ctx.student.id) },
  },
  {
    name: 'getStudent: ACCEPTS Persian digits typed in groups',
    route: 'POST /students/getStudent',
    who: 'anonymous',
    request: (ctx) => ({
      body: json({ nationalID: persian(ctx.student.nationalId).replace(/(.{4})/g, '$1 ') }),
    }),
    status: 200,
    accepted: { verify: (ctx, body) => expectId(body, ctx.student.id) },
  },
  {
    name: 'getStudent: ACCEPTS an ID copied from right-to-left text (bidi marks, zero-width space)',
    route: 'POST /students/getStudent',
    who: 'anonymous',
    request: (ctx) => ({
      body: json({
        nationalID: `\u200f${RIGHT_TO_LEFT_OVERRIDE}${arabicIndic(ctx.student.nationalId)}${ZERO_WIDTH_SPACE}\u202c`,
      }),
    }),
    status: 200,
    accepted: { verify: (ctx, body) => expectId(body, ctx.student.id) },
  },
];

const form = (fields: string): HostileBody => raw(fields, 'application/x-www-form-urlencoded');
const backToLogin = (code: string) => `/stAdmission/?loginError=${code}`;

/** The login screen's form post: every refusal is a redirect back to the login screen naming why, and no session. */
const studentLoginForm: HostileCase[] = [
  ...[SQL_INJECTION, SQL_DROP, SCRIPT_TAG].map(
    (value): HostileCase => ({
      name: `login form: nationalID ${JSON.stringify(value)} is simply not registered`,
      route: 'POST /students/loginForm',
      who: 'anonymous',
      request: () => ({ body: form(`nationalID=${enc(value)}`) }),
      status: 303,
      location: backToLogin('notRegistered'),
      counted: LOOKUP_MISS,
    }),
  ),
  ...(
    [
      ['a NUL byte', `nationalID=1${enc(NUL)}2`, 'invalid'],
      ['a lone surrogate', 'nationalID=1%ED%A0%802', 'notRegistered'],
      ['no field at all', '', 'required'],
      [
        '__proto__ keys beside it',
        `__proto__=x&__proto__%5Bpolluted%5D=yes&nationalID=${enc(SCRIPT_TAG)}`,
        'notRegistered',
      ],
      ['a body of a megabyte', `nationalID=${'1'.repeat(ONE_MB)}`, 'invalid'],
    ] as const
  ).map(
    ([what, body, code]): HostileCase => ({
      name: `login form: ${what}`,
      route: 'POST /students/loginForm',
      who: 'anonymous',
      request: () => ({ body: form(body) }),
      status: 303,
      location: backToLogin(code),
      ...(code === 'notRegistered' && { counted: LOOKUP_MISS }),
    }),
  ),
  {
    name: 'login form: a JSON body',
    route: 'POST /students/loginForm',
    who: 'anonymous',
    request: (ctx) => ({ body: json({ nationalID: ctx.student.nationalId }) }),
    status: 303,
    location: backToLogin('invalid'),
  },
  {
    name: 'login form: posted from another site',
    route: 'POST /students/loginForm',
    who: 'anonymous',
    request: (ctx) => ({
      body: form(`nationalID=${ctx.student.nationalId}`),
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    }),
    status: 303,
    location: backToLogin('invalid'),
  },
];

function expectId(body: string, id: string) {
  const answer = JSON.parse(body) as { _id?: string };
  if (answer._id !== id) throw new Error(`expected the student ${id}, got ${body.slice(0, 200)}`);
}

/** Staff sign-in and accounts (spec section 7, 'Admin and user calls'). */
const staffAccounts: HostileCase[] = [
  {
    name: 'login: userName as a number',
    route: 'POST /users/login',
    who: 'anonymous',
    request: () => ({ body: json({ userName: 12345, password: 'x' }) }),
    status: 400,
    message: MESSAGES.userNameRequired,
  },
  {
    name: 'login: password missing',
    route: 'POST /users/login',
    who: 'anonymous',
    request: () => ({ body: json({ userName: 'someone' }) }),
    status: 400,
    message: MESSAGES.passwordRequired,
  },
  {
    name: 'login: a password of 100,000 characters',
    route: 'POST /users/login',
    who: 'anonymous',
    request: () => ({ body: json({ userName: 'someone', password: 'a1'.repeat(50_000) }) }),
    status: 400,
    message: MESSAGES.passwordTooLong,
  },
  {
    name: 'login: __proto__ in the body',
    route: 'POST /users/login',
    who: 'anonymous',
    request: () => ({ body: raw('{"userName":"a","password":"b","__proto__":{"isAdmin":true}}') }),
    status: 400,
    message: MESSAGES.invalidJson,
  },
  {
    name: 'getRole: a bearer token that is SQL',
    route: 'GET /users/getRole',
    who: 'anonymous',
    request: () => ({ headers: { authorization: `Bearer ${SQL_INJECTION}` } }),
    status: 401,
  },
  {
    name: 'getMe: a 64 kB bearer token',
    route: 'GET /users/getMe',
    who: 'anonymous',
    request: () => ({ headers: { authorization: `Bearer ${'a.'.repeat(32_000)}` } }),
    status: 401,
  },
  {
    name: 'updateMyPassword: passwords as objects',
    route: 'PATCH /users/updateMyPassword',
    who: 'SUPPORT',
    request: () => ({ body: json({ passwordCurrent: {}, password: [], passwordConfirm: 1 }) }),
    status: 400,
    message: MESSAGES.passwordRequired,
  },
  {
    name: 'updateMyPassword: a script as the new password, with a wrong current one',
    route: 'PATCH /users/updateMyPassword',
    who: 'SUPPORT',
    request: () => ({
      body: json({
        passwordCurrent: SQL_INJECTION,
        password: `${SCRIPT_TAG}1`,
        passwordConfirm: `${SCRIPT_TAG}1`,
      }),
    }),
    status: 400,
    message: MESSAGES.currentPasswordWrong,
    counted: STAFF_PASSWORD_FAILURE,
  },
  {
    name: 'updateSuperAdmin: a user name with a script',
    route: 'PATCH /users/updateSuperAdmin',
    who: 'SUPERADMIN',
    request: () => ({
      body: json({
        name: 'مدير',
        userName: SCRIPT_TAG,
        phoneNumber: '01012345678',
        password: 'Staff1234',
        faculty: null,
      }),
    }),
    status: 400,
    message: MESSAGES.userNameInvalidChars,
  },
  {
    name: 'updateSuperAdmin: ACCEPTS Arabic-Indic phone digits, then refuses the wrong password',
    route: 'PATCH /users/updateSuperAdmin',
    who: 'SUPERADMIN',
    request: (ctx) => ({
      body: json({
        name: 'مدير النظام',
        userName: ctx.staff.SUPERADMIN.userName,
        phoneNumber: arabicIndic('01098765432'),
        password: 'Wrong12345',
        faculty: null,
        role: 'SUPERADMIN',
      }),
    }),
    status: 400,
    message: MESSAGES.passwordWrong,
    counted: STAFF_PASSWORD_FAILURE,
  },
  {
    name: 'getAllAdmins: query string pollution',
    route: 'GET /users/getAllAdmins',
    who: 'SUPERADMIN',
    request: () => ({
      path: '/users/getAllAdmins?__proto__[polluted]=1&constructor[prototype][x]=1&limit=-1',
    }),
    status: 200,
    accepted: {},
  },
  {
    name: 'getAdmin: SQL in the user name finds nobody',
    route: 'POST /users/getAdmin',
    who: 'SUPERADMIN',
    request: () => ({ body: json({ userName: SQL_INJECTION }) }),
    status: 404,
  },
  {
    name: 'getAdmin: a NUL byte in the user name',
    route: 'POST /users/getAdmin',
    who: 'SUPERADMIN',
    request: (ctx) => ({ body: json({ userName: `${ctx.staff.SUPPORT.userName}${NUL}` }) }),
    status: 400,
    message: MESSAGES.textUnstorable,
  },
  {
    name: 'getAdmin: both search values at once',
    route: 'POST /users/getAdmin',
    who: 'SUPERADMIN',
    request: () => ({ body: json({ userName: 'someone', phoneNumber: '01012345678' }) }),
    status: 400,
    message: MESSAGES.adminSearchRequired,
  },
  {
    name: 'getAdmin: ACCEPTS a mobile number in Arabic-Indic digits',
    route: 'POST /users/getAdmin',
    who: 'SUPERADMIN',
    request: (ctx) => ({ body: json({ phoneNumber: arabicIndic(ctx.staff.SUPPORT.phoneNumber) }) }),
    status: 200,
    accepted: {
      verify: (ctx, body) => {
        if (!body.includes(ctx.staff.SUPPORT.id)) throw new Error(`support account not found: ${body}`);
      },
    },
  },
  {
    name: 'addAdmin: a user name that is a script',
    route: 'POST /users/addAdmin',
    who: 'SUPERADMIN',
    request: () => ({
      body: json({ name: 'موظف', userName: SCRIPT_TAG, phoneNumber: '01012345678', role: 'SUPPORT' }),
    }),
    status: 400,
    message: MESSAGES.userNameInvalidChars,
  },
  {
    name: 'addAdmin: the role SUPERADMIN',
    route: 'POST /users/addAdmin',
    who: 'SUPERADMIN',
    request: () => ({
      body: json({ name: 'موظف', userName: 'new_super', phoneNumber: '01012345678', role: 'SUPERADMIN' }),
    }),
    status: 400,
    message: MESSAGES.roleInvalid,
  },
  {
    name: 'addAdmin: an ADMIN of a faculty that is SQL',
    route: 'POST /users/addAdmin',
    who: 'SUPERADMIN',
    request: () => ({
      body: json({
        name: 'موظف',
        userName: 'faculty_admin',
        phoneNumber: '01012345678',
        role: 'ADMIN',
        faculty: `${TEST_FACULTY}' OR '1'='1`,
      }),
    }),
    status: 400,
    message: MESSAGES.collegeNotFound,
  },
  {
    name: 'addAdmin: a name of 10,000 characters',
    route: 'POST /users/addAdmin',
    who: 'SUPERADMIN',
    request: () => ({
      body: json({
        name: 'م'.repeat(10_000),
        userName: 'long_name',
        phoneNumber: '01012345678',
        role: 'SUPPORT',
      }),
    }),
    status: 400,
    message: MESSAGES.staffNameTooLong,
  },
  {
    name: 'updateAdmin: an id that is not a UUID',
    route: 'PATCH /users/updateAdmin',
    who: 'SUPERADMIN',
    request: () => ({
      body: json({ id: '1 OR 1=1', adminInfo: { name: 'م', userName: 'abcde', phoneNumber: '01012345678' } }),
    }),
    status: 400,
    message: MESSAGES.staffIdInvalid,
  },
  {
    name: 'updateAdmin: adminInfo as a list',
    route: 'PATCH /users/updateAdmin',
    who: 'SUPERADMIN',
    request: (ctx) => ({ body: json({ id: ctx.staff.SUPPORT.id, adminInfo: ['x'] }) }),
    status: 400,
    message: MESSAGES.invalidInput,
  },
  {
    name: 'resetAdminPassword: an id as a number',
    route: 'PATCH /users/resetAdminPassword',
    who: 'SUPERADMIN',
    request: () => ({ body: json({ id: 42 }) }),
    status: 400,
    message: MESSAGES.staffIdInvalid,
  },
  {
    name: 'resetAdminPassword: an unknown UUID',
    route: 'PATCH /users/resetAdminPassword',
    who: 'SUPERADMIN',
    request: () => ({ body: json({ id: randomUUID() }) }),
    status: 404,
    message: MESSAGES.adminNotFound,
  },
  ...[
    '-1',
    '99999999999999999999999',
    `..${enc('/')}..${enc('/')}etc${enc('/')}passwd`,
    enc(SQL_INJECTION),
  ].map(
    (id): HostileCase => ({
      name: `deleteAdmin: the id ${decodeURIComponent(id)}`,
      route: 'DELETE /users/deleteAdmin/:id',
      who: 'SUPERADMIN',
      request: () => ({ path: `/users/deleteAdmin/${id}` }),
      status: 400,
      message: MESSAGES.staffIdInvalid,
    }),
  ),
];

/** Staff student records, statistics and downloads. */
const studentRecords: HostileCase[] = [
  ...(
    [
      ['page=-1', MESSAGES.pageInvalid],
      ['page=abc', MESSAGES.pageInvalid],
      ['page=99999999999999999999', MESSAGES.pageInvalid],
      ['limit=1e309', MESSAGES.pageSizeInvalid],
      [`page=${enc(SQL_INJECTION)}`, MESSAGES.pageInvalid],
    ] as const
  ).map(
    ([query, message]): HostileCase => ({
      name: `getAllStudents: ?${decodeURIComponent(query)}`,
      route: 'POST /students/getAllStudents',
      who: 'SUPERADMIN',
      request: () => ({ path: `/students/getAllStudents?${query}`, body: json({ faculty: TEST_FACULTY }) }),
      status: 400,
      message,
    }),
  ),
  {
    name: 'getAllStudents: isComplete as the text "true"',
    route: 'POST /students/getAllStudents',
    who: 'SUPERADMIN',
    request: () => ({ body: json({ faculty: TEST_FACULTY, isComplete: 'true' }) }),
    status: 400,
    message: MESSAGES.invalidInput,
  },
  {
    name: 'getAllStudents: a faculty that is SQL',
    route: 'POST /students/getAllStudents',
    who: 'SUPPORT',
    request: () => ({ body: json({ faculty: `x' UNION SELECT national_id FROM students --` }) }),
    status: 400,
    message: MESSAGES.collegeNotFound,
  },
  {
    name: 'getAllStudents: an ADMIN naming another faculty',
    route: 'POST /students/getAllStudents',
    who: 'ADMIN',
    request: () => ({ body: json({ faculty: OTHER_FACULTY }) }),
    status: 403,
    message: MESSAGES.otherFacultyForbidden,
  },
  ...['%', '_', `${SQL_INJECTION}`, 'طالب\\'].map(
    (studentName): HostileCase => ({
      name: `getStudentInfo: the name ${JSON.stringify(studentName)} matches nobody`,
      route: 'POST /students/getStudentInfo',
      who: 'SUPPORT',
      request: () => ({ body: json({ studentName }) }),
      status: 404,
    }),
  ),
  {
    name: 'getStudentInfo: a name with a NUL byte',
    route: 'POST /students/getStudentInfo',
    who: 'SUPPORT',
    request: () => ({ body: json({ studentName: `طالب${NUL}` }) }),
    status: 400,
    message: MESSAGES.textUnstorable,
  },
  {
    name: 'getStudentInfo: a national ID with a NUL byte',
    route: 'POST /students/getStudentInfo',
    who: 'SUPPORT',
    request: (ctx) => ({ body: json({ nationalID: `${ctx.student.nationalId}${NUL}` }) }),
    status: 400,
    message: MESSAGES.textUnstorable,
  },
  {
    name: 'getStudentInfo: ACCEPTS a national ID in Arabic-Indic digits',
    route: 'POST /students/getStudentInfo',
    who: 'SUPPORT',
    request: (ctx) => ({ body: json({ nationalID: arabicIndic(ctx.student.nationalId) }) }),
    status: 200,
    accepted: {
      // A search that finds a student is audited (issue 20).
      mayChange: ['audit_log'],
      verify: (ctx, body) => {
        if (!body.includes(ctx.student.id)) throw new Error(`student not found: ${body.slice(0, 300)}`);
      },
    },
  },
  ...['abc', '-1', '99999999999999999999', `1${enc(' OR 1=1')}`, enc('../../etc/passwd')].map(
    (id): HostileCase => ({
      name: `deleteStudent: the id ${decodeURIComponent(id)}`,
      route: 'DELETE /students/deleteStudent/:id',
      who: 'SUPPORT',
      request: () => ({ path: `/students/deleteStudent/${id}` }),
      status: 400,
      message: MESSAGES.studentIdInvalid,
    }),
  ),
  {
    name: 'deleteStudent: an unknown UUID',
    route: 'DELETE /students/deleteStudent/:id',
    who: 'SUPPORT',
    request: () => ({ path: `/students/deleteStudent/${randomUUID()}` }),
    status: 404,
    message: MESSAGES.studentRecordNotFound,
  },
  ...['%', `${TEST_FACULTY}' OR '1'='1`].map(
    (faculty): HostileCase => ({
      name: `delete faculty data: the faculty ${JSON.stringify(faculty)} deletes nothing`,
      route: 'POST /students/delete',
      who: 'SUPERADMIN',
      request: () => ({ body: json({ faculty }) }),
      status: 400,
      message: MESSAGES.collegeNotFound,
    }),
  ),
  {
    name: 'delete faculty data: a faculty with a NUL byte',
    route: 'POST /students/delete',
    who: 'SUPERADMIN',
    request: () => ({ body: json({ faculty: `${TEST_FACULTY}${NUL}` }) }),
    status: 400,
    message: MESSAGES.textUnstorable,
  },
  {
    name: 'delete faculty data: the faculty as a list',
    route: 'POST /students/delete',
    who: 'SUPERADMIN',
    request: () => ({ body: json({ faculty: [TEST_FACULTY] }) }),
    status: 400,
  },
  {
    name: 'countFaculty: a faculty name of 10,000 characters',
    route: 'POST /students/countFaculty',
    who: 'SUPERADMIN',
    request: () => ({ body: json({ faculty: 'ك'.repeat(10_000) }) }),
    status: 400,
    message: MESSAGES.facultyTooLong,
  },
  {
    name: 'getStatistics: query string pollution',
    route: 'GET /students/getStatistics',
    who: 'SUPERADMIN',
    request: () => ({ path: '/students/getStatistics?__proto__[x]=1&faculty=%27%20OR%201%3D1' }),
    status: 200,
    accepted: {},
  },
  {
    name: 'getAllStudentsNumber: an ADMIN naming another faculty in the query still sees its own',
    route: 'GET /users/getAllStudentsNumber',
    who: 'ADMIN',
    request: () => ({ path: `/users/getAllStudentsNumber?faculty=${enc(OTHER_FACULTY)}` }),
    status: 200,
    accepted: {},
  },
  ...['__proto__', enc('../../etc/passwd'), 'constructor'].map(
    (type): HostileCase => ({
      name: `downloadStudentData: the type ${decodeURIComponent(type)}`,
      route: 'POST /students/downloadStudentData/:type',
      who: 'SUPERADMIN',
      request: () => ({
        path: `/students/downloadStudentData/${type}`,
        body: json({ faculty: TEST_FACULTY }),
      }),
      status: 400,
      message: MESSAGES.downloadTypeInvalid,
    }),
  ),
  {
    name: 'downloadStudentData: a faculty that is SQL',
    route: 'POST /students/downloadStudentData/:type',
    who: 'SUPERADMIN',
    request: () => ({ path: '/students/downloadStudentData/complete', body: json({ faculty: SQL_DROP }) }),
    status: 400,
    message: MESSAGES.collegeNotFound,
  },
  ...['not-a-link', `${enc('../../etc/passwd')}`, 'e30.c2ln', enc(SQL_INJECTION)].map(
    (token): HostileCase => ({
      name: `downloads: the link ${decodeURIComponent(token)}`,
      route: 'GET /downloads/:token',
      who: 'anonymous',
      request: () => ({ path: `/downloads/${token}` }),
      status: 400,
      message: MESSAGES.downloadLinkInvalid,
    }),
  ),
];

/** The student's own calls: quiz, questionnaire, appointment, complete-data reads, photos, forms. */
const studentCalls: HostileCase[] = [
  {
    name: 'quiz draw: an id that is not a UUID',
    route: 'GET /students/question/:id',
    who: 'student',
    request: () => ({ path: `/students/question/${enc(SQL_INJECTION)}` }),
    status: 400,
    message: MESSAGES.studentIdInvalid,
  },
  {
    name: "quiz draw: another student's id",
    route: 'GET /students/question/:id',
    who: 'student',
    request: (ctx) => ({ path: `/students/question/${ctx.otherStudent.id}` }),
    status: 403,
  },
  {
    name: 'quiz submit: answers as a list',
    route: 'POST /students/question/:id',
    who: 'student',
    request: (ctx) => ({ path: `/students/question/${ctx.student.id}`, body: json({ answers: ['true'] }) }),
    status: 400,
    message: MESSAGES.answerAllQuestions,
  },
  {
    name: 'quiz submit: answers nested 10,000 levels deep',
    route: 'POST /students/question/:id',
    who: 'student',
    request: (ctx) => ({
      path: `/students/question/${ctx.student.id}`,
      body: raw(`{"answers":${deepJson(10_000)}}`),
    }),
    status: 400,
  },
  {
    name: 'quiz submit: a __proto__ answer',
    route: 'POST /students/question/:id',
    who: 'student',
    request: (ctx) => ({
      path: `/students/question/${ctx.student.id}`,
      body: raw('{"answers":{"__proto__":{"isPassed":true}}}'),
    }),
    status: 400,
    message: MESSAGES.invalidJson,
  },
  {
    name: 'quiz submit: scripts and SQL as answers to the drawn questions',
    route: 'POST /students/question/:id',
    who: 'student',
    request: (ctx) => ({
      path: `/students/question/${ctx.student.id}`,
      body: json({
        answers: Object.fromEntries(
          ctx.drawnQuestions.map((question, i) => [question, [SCRIPT_TAG, SQL_INJECTION, 'true', 'yes'][i]]),
        ),
      }),
    }),
    status: 400,
    message: MESSAGES.quizInvalidAnswerValue,
  },
  {
    name: 'questionnaire: the list of questions ignores its query string',
    route: 'GET /additionalQuestions',
    who: 'anonymous',
    request: () => ({ path: `/additionalQuestions?type=${enc(SQL_INJECTION)}&__proto__=1` }),
    status: 200,
    accepted: {},
  },
  {
    name: 'questionnaire: answers as an object',
    route: 'POST /additionalQuestions/submit/:nationalID',
    who: 'passedStudent',
    request: (ctx) => ({
      path: `/additionalQuestions/submit/${ctx.passedStudent.nationalId}`,
      body: json({ answers: { id: 'x' } }),
    }),
    status: 400,
    message: MESSAGES.answersNotArray,
  },
  {
    name: 'questionnaire: an answer nested 10,000 levels deep',
    route: 'POST /additionalQuestions/submit/:nationalID',
    who: 'passedStudent',
    request: (ctx) => ({
      path: `/additionalQuestions/submit/${ctx.passedStudent.nationalId}`,
      body: raw(`{"answers":[{"id":"residence","answer":${deepJson(10_000)}}]}`),
    }),
    status: 400,
  },
  {
    name: 'questionnaire: a question id that is SQL',
    route: 'POST /additionalQuestions/submit/:nationalID',
    who: 'passedStudent',
    request: (ctx) => ({
      path: `/additionalQuestions/submit/${ctx.passedStudent.nationalId}`,
      body: json({ answers: [...answersWith(ctx, 'نص'), { id: SQL_INJECTION, answer: 'x' }] }),
    }),
    status: 400,
  },
  {
    name: 'questionnaire: more answers than allowed',
    route: 'POST /additionalQuestions/submit/:nationalID',
    who: 'passedStudent',
    request: (ctx) => ({
      path: `/additionalQuestions/submit/${ctx.passedStudent.nationalId}`,
      body: json({ answers: Array.from({ length: 201 }, () => ({ id: 'x', answer: 'y' })) }),
    }),
    status: 400,
    message: MESSAGES.tooManyAnswers,
  },
  {
    name: 'questionnaire: free text with a NUL byte',
    route: 'POST /additionalQuestions/submit/:nationalID',
    who: 'passedStudent',
    request: (ctx) => ({
      path: `/additionalQuestions/submit/${ctx.passedStudent.nationalId}`,
      body: json({ answers: answersWith(ctx, `نص${NUL}مخفي`) }),
    }),
    status: 400,
    message: MESSAGES.textUnstorable,
  },
  {
    name: 'questionnaire: free text with a lone surrogate',
    route: 'POST /additionalQuestions/submit/:nationalID',
    who: 'passedStudent',
    request: (ctx) => ({
      path: `/additionalQuestions/submit/${ctx.passedStudent.nationalId}`,
      body: json({ answers: answersWith(ctx, `نص${LONE_SURROGATE}`) }),
    }),
    status: 400,
    message: MESSAGES.textUnstorable,
  },
  {
    name: "questionnaire: another student's national ID in the path",
    route: 'POST /additionalQuestions/submit/:nationalID',
    who: 'passedStudent',
    request: (ctx) => ({
      path: `/additionalQuestions/submit/${ctx.otherStudent.nationalId}`,
      body: json({ answers: answersWith(ctx, 'نص') }),
    }),
    status: 403,
  },
  {
    name: 'appointment: an id that is not a UUID',
    route: 'GET /students/appointment/:id.ics',
    who: 'student',
    request: () => ({ path: `/students/appointment/${enc('../../etc/passwd')}.ics` }),
    status: 400,
    message: MESSAGES.studentIdInvalid,
  },
  {
    name: "appointment: another student's id",
    route: 'GET /students/appointment/:id.ics',
    who: 'student',
    request: (ctx) => ({ path: `/students/appointment/${ctx.otherStudent.id}.ics` }),
    status: 403,
  },
  {
    name: 'stored form values: an id that is SQL',
    route: 'GET /students/completeStudentData/:id',
    who: 'student',
    request: () => ({ path: `/students/completeStudentData/${enc(SQL_INJECTION)}` }),
    status: 400,
    message: MESSAGES.studentIdInvalid,
  },
  {
    name: 'stored form values: without a session',
    route: 'GET /students/completeStudentData/:id',
    who: 'anonymous',
    request: (ctx) => ({ path: `/students/completeStudentData/${ctx.student.id}` }),
    status: 401,
    message: MESSAGES.studentSessionExpired,
  },
  ...[enc('../../../etc/passwd'), '__proto__', 'constructor', enc('personalPhoto\u0000.png')].map(
    (kind): HostileCase => ({
      name: `photo: the kind ${JSON.stringify(decodeURIComponent(kind))}`,
      route: 'GET /students/photo/:id/:kind',
      who: 'student',
      request: (ctx) => ({ path: `/students/photo/${ctx.student.id}/${kind}` }),
      status: 400,
      message: MESSAGES.photoKindUnknown,
    }),
  ),
  {
    name: 'photo: none stored yet',
    route: 'GET /students/photo/:id/:kind',
    who: 'student',
    request: (ctx) => ({ path: `/students/photo/${ctx.student.id}/personalPhoto` }),
    status: 404,
    message: MESSAGES.photoNotFound,
  },
  {
    name: 'admission form: an id that is not a UUID',
    route: 'GET /students/getAdmissionForm/:studentId',
    who: 'student',
    request: () => ({ path: `/students/getAdmissionForm/${enc('1 OR 1=1')}` }),
    status: 403,
  },
  {
    name: 'admission form: data not complete yet',
    route: 'GET /students/getAdmissionForm/:studentId',
    who: 'student',
    request: (ctx) => ({ path: `/students/getAdmissionForm/${ctx.student.id}?token=${enc(SQL_INJECTION)}` }),
    status: 409,
    message: MESSAGES.formsNeedCompleteData,
  },
  {
    name: 'acquaintance form: a forged link token',
    route: 'GET /students/getAcquaintanceForm/:studentId',
    who: 'anonymous',
    request: (ctx) => ({ path: `/students/getAcquaintanceForm/${ctx.otherStudent.id}?token=e30.c2ln` }),
    status: 400,
    message: MESSAGES.downloadLinkInvalid,
  },
  {
    name: 'final personal test form: a link token of 2,000 characters',
    route: 'GET /students/getFinalPersonalTestForm/:studentId',
    who: 'anonymous',
    request: (ctx) => ({
      path: `/students/getFinalPersonalTestForm/${ctx.otherStudent.id}?token=${'a'.repeat(2000)}`,
    }),
    status: 400,
  },
  {
    name: 'form link: a student id that is SQL',
    route: 'POST /forms/downloadLink',
    who: 'ADMIN',
    request: () => ({ body: json({ studentId: SQL_INJECTION }) }),
    status: 400,
    message: MESSAGES.studentIdInvalid,
  },
  {
    name: 'form link: an unknown form kind',
    route: 'POST /forms/downloadLink',
    who: 'ADMIN',
    request: (ctx) => ({ body: json({ studentId: ctx.student.id, form: '__proto__' }) }),
    status: 400,
    message: MESSAGES.formKindInvalid,
  },
  {
    name: "form link: an ADMIN asking for another faculty's student",
    route: 'POST /forms/downloadLink',
    who: 'ADMIN',
    request: (ctx) => ({ body: json({ studentId: ctx.otherStudent.id }) }),
    status: 403,
  },
  {
    name: 'verification page: a token that is a script is not reflected',
    route: 'GET /forms/verify/:token',
    who: 'anonymous',
    request: () => ({ path: `/forms/verify/${enc(SCRIPT_TAG)}` }),
    status: 404,
    html: true,
  },
  {
    name: 'verification page: a token of 10,000 characters',
    route: 'GET /forms/verify/:token',
    who: 'anonymous',
    request: () => ({ path: `/forms/verify/${'a'.repeat(10_000)}` }),
    status: 400,
    message: MESSAGES.invalidInput,
  },
  {
    name: 'verification page: a token that is not valid percent-encoding',
    route: 'GET /forms/verify/:token',
    who: 'anonymous',
    request: () => ({ path: '/forms/verify/%E0%A4%A' }),
    status: 400,
    message: MESSAGES.invalidInput,
  },
];

/** A review save's body on the record's version 0, as the record page sends it. */
const review = (decisions: unknown, version: unknown = 0): HostileBody => json({ version, decisions });
const reviewOf = (ctx: CaseContext) => `/students/review/${ctx.reviewStudent.id}`;
const refuse = (kind: string, reason: unknown, note?: unknown) => ({
  kind,
  decision: 'rejected',
  reason,
  note,
});
const SIX_ACCEPTED = IMAGE_KINDS.map((kind) => ({ kind, decision: 'accepted' }));
/** A refusal note with script, Typst and SQL in it: a valid note, to be stored and shown as the text it is. */
const MARKUP_NOTE = `${SCRIPT_TAG} ${TYPST_MARKUP} ${SQL_DROP}`;
/** The longest note allowed, in Arabic letters (counted in characters, not bytes). */
const LONGEST_NOTE = 'ن'.repeat(REVIEW_NOTE_MAX_LENGTH);

/**
 * Document review (issue 16): the review queue, the images, the review save and the record page, in that order:
 * the accepted save moves `reviewStudent` to version 1, which the stale case and the record page then rely on.
 */
const documentReview: HostileCase[] = [
  ...(
    [
      ['page=-1', MESSAGES.pageInvalid],
      [`page=${enc(SQL_INJECTION)}`, MESSAGES.pageInvalid],
      ['limit=1e309', MESSAGES.pageSizeInvalid],
    ] as const
  ).map(
    ([query, message]): HostileCase => ({
      name: `reviewQueue: ?${decodeURIComponent(query)}`,
      route: 'POST /students/reviewQueue',
      who: 'SUPPORT',
      request: () => ({ path: `/students/reviewQueue?${query}`, body: json({ faculty: TEST_FACULTY }) }),
      status: 400,
      message,
    }),
  ),
  {
    name: 'reviewQueue: no faculty named by an account bound to none',
    route: 'POST /students/reviewQueue',
    who: 'SUPERADMIN',
    request: () => ({ body: json({}) }),
    status: 400,
    message: MESSAGES.facultyRequired,
  },
  {
    name: 'reviewQueue: the faculty as a list',
    route: 'POST /students/reviewQueue',
    who: 'SUPERADMIN',
    request: () => ({ body: json({ faculty: [TEST_FACULTY] }) }),
    status: 400,
  },
  {
    name: 'reviewQueue: a faculty that is SQL',
    route: 'POST /students/reviewQueue',
    who: 'SUPPORT',
    request: () => ({ body: json({ faculty: `${TEST_FACULTY}' OR '1'='1` }) }),
    status: 400,
    message: MESSAGES.collegeNotFound,
  },
  {
    name: 'reviewQueue: a faculty name of 10,000 characters',
    route: 'POST /students/reviewQueue',
    who: 'SUPPORT',
    request: () => ({ body: json({ faculty: 'ك'.repeat(10_000) }) }),
    status: 400,
    message: MESSAGES.facultyTooLong,
  },
  {
    name: 'reviewQueue: a SOCIAL_ADMIN naming a college without social work',
    route: 'POST /students/reviewQueue',
    who: 'SOCIAL_ADMIN',
    request: () => ({ body: json({ faculty: TEST_FACULTY }) }),
    status: 403,
    message: MESSAGES.otherFacultyForbidden,
  },
  {
    name: "reviewQueue: a student's session is no staff credential",
    route: 'POST /students/reviewQueue',
    who: 'student',
    request: () => ({ body: json({ faculty: TEST_FACULTY }) }),
    status: 401,
    message: MESSAGES.unauthorized,
  },
  {
    name: 'reviewQueue: ACCEPTS an ADMIN naming another faculty, and answers its own',
    route: 'POST /students/reviewQueue',
    who: 'ADMIN',
    request: () => ({ body: json({ faculty: OTHER_FACULTY }) }),
    status: 200,
    accepted: {
      // The page read is audited (issue 33).
      mayChange: ['audit_log'],
      verify: (ctx, body) => {
        const answer = JSON.parse(body) as { faculty: string; data: { _id: string }[] };
        if (answer.faculty !== TEST_FACULTY || !answer.data.some((row) => row._id === ctx.reviewStudent.id))
          throw new Error(`not the ADMIN's own queue: ${body.slice(0, 300)}`);
      },
    },
  },
  ...[
    enc('../../../etc/passwd'),
    '__proto__',
    'constructor',
    enc('frontIdCard\u0000.png'),
    'FRONTIDCARD',
  ].map(
    (kind): HostileCase => ({
      name: `document: the kind ${JSON.stringify(decodeURIComponent(kind))}`,
      route: 'GET /students/document/:id/:kind',
      who: 'SUPPORT',
      request: (ctx) => ({ path: `/students/document/${ctx.reviewStudent.id}/${kind}` }),
      status: 400,
      message: MESSAGES.photoKindUnknown,
    }),
  ),
  ...[enc(SQL_INJECTION), enc('../../etc/passwd'), '-1'].map(
    (id): HostileCase => ({
      name: `document: the id ${decodeURIComponent(id)}`,
      route: 'GET /students/document/:id/:kind',
      who: 'SUPPORT',
      request: () => ({ path: `/students/document/${id}/frontIdCard` }),
      status: 400,
      message: MESSAGES.studentIdInvalid,
    }),
  ),
  {
    name: 'document: an unknown UUID',
    route: 'GET /students/document/:id/:kind',
    who: 'SUPPORT',
    request: () => ({ path: `/students/document/${randomUUID()}/frontIdCard` }),
    status: 404,
    message: MESSAGES.studentRecordNotFound,
  },
  {
    name: "document: an ADMIN asking for another faculty's student",
    route: 'GET /students/document/:id/:kind',
    who: 'ADMIN',
    request: (ctx) => ({ path: `/students/document/${ctx.otherStudent.id}/frontIdCard` }),
    status: 403,
    message: REVIEW_MESSAGES.studentOutsideScope,
  },
  {
    name: 'document: a SOCIAL_ADMIN asking for a student without social work',
    route: 'GET /students/document/:id/:kind',
    who: 'SOCIAL_ADMIN',
    request: (ctx) => ({ path: `/students/document/${ctx.reviewStudent.id}/frontIdCard` }),
    status: 403,
    message: REVIEW_MESSAGES.studentOutsideScope,
  },
  {
    name: "document: a student's session asking for another student's image",
    route: 'GET /students/document/:id/:kind',
    who: 'student',
    request: (ctx) => ({ path: `/students/document/${ctx.reviewStudent.id}/frontIdCard` }),
    status: 403,
    message: MESSAGES.forbidden,
  },
  {
    name: "document: a student's session with a malformed id learns nothing about it",
    route: 'GET /students/document/:id/:kind',
    who: 'student',
    request: () => ({ path: `/students/document/${enc(SQL_INJECTION)}/frontIdCard` }),
    status: 403,
    message: MESSAGES.forbidden,
  },
  {
    name: 'document: without any credential',
    route: 'GET /students/document/:id/:kind',
    who: 'anonymous',
    request: (ctx) => ({ path: `/students/document/${ctx.reviewStudent.id}/frontIdCard` }),
    status: 401,
    message: MESSAGES.studentSessionExpired,
  },
  {
    name: 'document: a bearer token that is SQL',
    route: 'GET /students/document/:id/:kind',
    who: 'anonymous',
    request: (ctx) => ({
      path: `/students/document/${ctx.reviewStudent.id}/frontIdCard`,
      headers: { authorization: `Bearer ${SQL_INJECTION}` },
    }),
    status: 401,
  },
  {
    name: "document: the student's own session before any image is stored",
    route: 'GET /students/document/:id/:kind',
    who: 'student',
    request: (ctx) => ({ path: `/students/document/${ctx.student.id}/personalPhoto` }),
    status: 404,
    message: MESSAGES.photoNotFound,
  },
  {
    name: 'document: ACCEPTS a staff read with a polluted query string, and audits it',
    route: 'GET /students/document/:id/:kind',
    who: 'SUPPORT',
    request: (ctx) => ({
      path: `/students/document/${ctx.reviewStudent.id}/frontIdCard?__proto__[polluted]=1&kind=..%2F..%2Fetc%2Fpasswd`,
    }),
    status: 200,
    accepted: {
      mayChange: ['audit_log'],
      verify: (_ctx, body) => {
        // The PNG signature (its first byte, 0x89, is not UTF-8 and reads as a replacement character).
        if (body.slice(1, 4) !== 'PNG') throw new Error(`not the stored PNG: ${body.slice(0, 40)}`);
      },
    },
  },
  ...(
    [
      ['version as the text "0"', review(SIX_ACCEPTED, '0'), REVIEW_MESSAGES.reviewVersionInvalid],
      [
        'version in Arabic-Indic digits',
        review(SIX_ACCEPTED, arabicIndic('0')),
        REVIEW_MESSAGES.reviewVersionInvalid,
      ],
      ['a negative version', review(SIX_ACCEPTED, -1), REVIEW_MESSAGES.reviewVersionInvalid],
      ['a fractional version', review(SIX_ACCEPTED, 0.5), REVIEW_MESSAGES.reviewVersionInvalid],
      ['no version', json({ decisions: SIX_ACCEPTED }), REVIEW_MESSAGES.reviewVersionInvalid],
      ['no decisions', json({ version: 0 }), REVIEW_MESSAGES.reviewDecisionsRequired],
      [
        'decisions as an object',
        review({ frontIdCard: 'accepted' }),
        REVIEW_MESSAGES.reviewDecisionsRequired,
      ],
      ['an empty list of decisions', review([]), REVIEW_MESSAGES.reviewDecisionsRequired],
      [
        'seven decisions',
        review([...SIX_ACCEPTED, { kind: 'frontIdCard', decision: 'accepted' }]),
        REVIEW_MESSAGES.reviewDecisionsRequired,
      ],
      [
        'the same kind twice',
        review([{ kind: 'frontIdCard', decision: 'accepted' }, refuse('frontIdCard', 'unreadable')]),
        REVIEW_MESSAGES.reviewKindRepeated,
      ],
      ['an unknown kind', review([{ kind: 'passport', decision: 'accepted' }]), MESSAGES.photoKindUnknown],
      [
        'the kind __proto__',
        review([{ kind: '__proto__', decision: 'accepted' }]),
        MESSAGES.photoKindUnknown,
      ],
      ['a decision as a string', review(['frontIdCard']), MESSAGES.invalidInput],
      [
        'the decision "maybe"',
        review([{ kind: 'frontIdCard', decision: 'maybe' }]),
        REVIEW_MESSAGES.reviewDecisionInvalid,
      ],
      [
        'the decision as true',
        review([{ kind: 'frontIdCard', decision: true }]),
        REVIEW_MESSAGES.reviewDecisionInvalid,
      ],
      ['an unknown reason', review([refuse('frontIdCard', 'ugly')]), REVIEW_MESSAGES.refusalReasonInvalid],
      [
        'a reason that is SQL',
        review([refuse('frontIdCard', SQL_INJECTION)]),
        REVIEW_MESSAGES.refusalReasonInvalid,
      ],
      [
        'a refusal without a reason',
        review([refuse('frontIdCard', undefined)]),
        REVIEW_MESSAGES.refusalReasonRequired,
      ],
      [
        'a refusal with a null reason',
        review([refuse('frontIdCard', null)]),
        REVIEW_MESSAGES.refusalReasonRequired,
      ],
      [
        "'other' without a note",
        review([refuse('frontIdCard', 'other')]),
        REVIEW_MESSAGES.refusalNoteRequired,
      ],
      [
        "'other' with a note of spaces only",
        review([refuse('frontIdCard', 'other', ' \n\t ')]),
        REVIEW_MESSAGES.refusalNoteRequired,
      ],
      [
        'a note of 501 characters',
        review([refuse('frontIdCard', 'cropped', `${LONGEST_NOTE}ن`)]),
        REVIEW_MESSAGES.reviewNoteTooLong,
      ],
      ['a note as a number', review([refuse('frontIdCard', 'other', 42)]), REVIEW_MESSAGES.reviewNoteInvalid],
      [
        'a note as an object',
        review([refuse('frontIdCard', 'other', { $ne: '' })]),
        REVIEW_MESSAGES.reviewNoteInvalid,
      ],
      [
        'a note with a NUL byte',
        review([refuse('frontIdCard', 'other', `ملاحظة${NUL}`)]),
        MESSAGES.textUnstorable,
      ],
      [
        'a note with a lone surrogate',
        review([refuse('frontIdCard', 'other', `ملاحظة${LONE_SURROGATE}`)]),
        MESSAGES.textUnstorable,
      ],
      ['the body as a list', json([{ version: 0, decisions: SIX_ACCEPTED }]), MESSAGES.invalidInput],
      [
        'a __proto__ key in a decision',
        raw(
          '{"version":0,"decisions":[{"kind":"frontIdCard","decision":"accepted","__proto__":{"polluted":1}}]}',
        ),
        MESSAGES.invalidJson,
      ],
    ] as const
  ).map(
    ([what, body, message]): HostileCase => ({
      name: `review: ${what}`,
      route: 'POST /students/review/:id',
      who: 'SUPERADMIN',
      request: (ctx) => ({ path: reviewOf(ctx), body }),
      status: 400,
      message,
    }),
  ),
  {
    name: 'review: decisions nested 10,000 levels deep',
    route: 'POST /students/review/:id',
    who: 'SUPERADMIN',
    request: (ctx) => ({ path: reviewOf(ctx), body: raw(`{"version":0,"decisions":${deepJson(10_000)}}`) }),
    status: 400,
  },
  {
    name: 'review: text/plain',
    route: 'POST /students/review/:id',
    who: 'SUPERADMIN',
    request: (ctx) => ({ path: reviewOf(ctx), body: raw('version=0', 'text/plain') }),
    status: 415,
    message: MESSAGES.unsupportedMediaType,
  },
  ...['abc', enc(SQL_INJECTION), enc('../../etc/passwd'), '99999999999999999999'].map(
    (id): HostileCase => ({
      name: `review: the id ${decodeURIComponent(id)}`,
      route: 'POST /students/review/:id',
      who: 'SUPERADMIN',
      request: () => ({ path: `/students/review/${id}`, body: review(SIX_ACCEPTED) }),
      status: 400,
      message: MESSAGES.studentIdInvalid,
    }),
  ),
  {
    name: 'review: an unknown UUID',
    route: 'POST /students/review/:id',
    who: 'SUPERADMIN',
    request: () => ({ path: `/students/review/${randomUUID()}`, body: review(SIX_ACCEPTED) }),
    status: 404,
    message: MESSAGES.studentRecordNotFound,
  },
  {
    name: 'review: a student whose data is not complete',
    route: 'POST /students/review/:id',
    who: 'SUPERADMIN',
    request: (ctx) => ({ path: `/students/review/${ctx.passedStudent.id}`, body: review(SIX_ACCEPTED) }),
    status: 409,
    message: REVIEW_MESSAGES.reviewNotComplete,
  },
  {
    name: 'review: a version from the future',
    route: 'POST /students/review/:id',
    who: 'SUPERADMIN',
    request: (ctx) => ({ path: reviewOf(ctx), body: review(SIX_ACCEPTED, 99) }),
    status: 409,
    message: REVIEW_MESSAGES.reviewStale,
  },
  {
    name: "review: an ADMIN reviewing another faculty's student",
    route: 'POST /students/review/:id',
    who: 'ADMIN',
    request: (ctx) => ({ path: `/students/review/${ctx.otherStudent.id}`, body: review(SIX_ACCEPTED) }),
    status: 403,
    message: REVIEW_MESSAGES.studentOutsideScope,
  },
  {
    name: 'review: a SOCIAL_ADMIN reviewing a student without social work',
    route: 'POST /students/review/:id',
    who: 'SOCIAL_ADMIN',
    request: (ctx) => ({ path: reviewOf(ctx), body: review(SIX_ACCEPTED) }),
    status: 403,
    message: REVIEW_MESSAGES.studentOutsideScope,
  },
  {
    name: 'review: a student reviewing its own documents with its session',
    route: 'POST /students/review/:id',
    who: 'student',
    request: (ctx) => ({ path: `/students/review/${ctx.student.id}`, body: review(SIX_ACCEPTED) }),
    status: 401,
    message: MESSAGES.unauthorized,
  },
  {
    name: "review: a student's session on another student",
    route: 'POST /students/review/:id',
    who: 'student',
    request: (ctx) => ({ path: reviewOf(ctx), body: review(SIX_ACCEPTED) }),
    status: 401,
    message: MESSAGES.unauthorized,
  },
  {
    name: 'review: without any credential',
    route: 'POST /students/review/:id',
    who: 'anonymous',
    request: (ctx) => ({ path: reviewOf(ctx), body: review(SIX_ACCEPTED) }),
    status: 401,
  },
  {
    name:
      'review: ACCEPTS a note with script, Typst and SQL as text, a note of exactly 500 characters, and drops ' +
      'the reason and note sent with an acceptance',
    route: 'POST /students/review/:id',
    who: 'SUPPORT',
    request: (ctx) => ({
      path: reviewOf(ctx),
      body: review([
        refuse('frontIdCard', 'other', MARKUP_NOTE),
        refuse('backIdCard', 'nameMismatch', LONGEST_NOTE),
        { kind: 'personalPhoto', decision: 'accepted', reason: 'cropped', note: SCRIPT_TAG },
      ]),
    }),
    status: 200,
    accepted: {
      mayChange: ['students', 'student_images', 'audit_log', 'notifications'],
      verify: async (ctx) => {
        const rows = await ctx.query<{
          kind: string;
          review_status: string;
          review_reason: string;
          review_note: string;
        }>(
          `SELECT kind, review_status, review_reason, review_note FROM student_images
            WHERE student_id = $1 AND kind IN ('frontIdCard', 'backIdCard', 'personalPhoto') ORDER BY kind`,
          [ctx.reviewStudent.id],
        );
        const expected = [
          {
            kind: 'backIdCard',
            review_status: 'rejected',
            review_reason: 'nameMismatch',
            review_note: LONGEST_NOTE,
          },
          {
            kind: 'frontIdCard',
            review_status: 'rejected',
            review_reason: 'other',
            review_note: MARKUP_NOTE,
          },
          { kind: 'personalPhoto', review_status: 'accepted', review_reason: null, review_note: null },
        ];
        if (JSON.stringify(rows) !== JSON.stringify(expected))
          throw new Error(`decisions not stored as sent: ${JSON.stringify(rows).slice(0, 400)}`);
        const [student] = await ctx.query<{ review_version: number; documents_status: string }>(
          'SELECT review_version, documents_status FROM students WHERE id = $1',
          [ctx.reviewStudent.id],
        );
        if (student?.review_version !== 1 || student.documents_status !== 'needsReupload')
          throw new Error(`version or status not moved on: ${JSON.stringify(student)}`);
      },
    },
  },
  {
    name: 'review: the same save again, on the version the save above moved on from',
    route: 'POST /students/review/:id',
    who: 'SUPPORT',
    request: (ctx) => ({ path: reviewOf(ctx), body: review(SIX_ACCEPTED, 0) }),
    status: 409,
    message: REVIEW_MESSAGES.reviewStale,
  },
  ...['abc', enc(SQL_INJECTION), enc('../../etc/passwd')].map(
    (id): HostileCase => ({
      name: `record: the id ${decodeURIComponent(id)}`,
      route: 'GET /students/record/:id',
      who: 'SUPPORT',
      request: () => ({ path: `/students/record/${id}` }),
      status: 400,
      message: MESSAGES.studentIdInvalid,
    }),
  ),
  {
    name: 'record: an unknown UUID',
    route: 'GET /students/record/:id',
    who: 'SUPPORT',
    request: () => ({ path: `/students/record/${randomUUID()}` }),
    status: 404,
    message: MESSAGES.studentRecordNotFound,
  },
  {
    name: "record: an ADMIN opening another faculty's student",
    route: 'GET /students/record/:id',
    who: 'ADMIN',
    request: (ctx) => ({ path: `/students/record/${ctx.otherStudent.id}` }),
    status: 403,
    message: REVIEW_MESSAGES.studentOutsideScope,
  },
  {
    name: 'record: a SOCIAL_ADMIN opening a student without social work',
    route: 'GET /students/record/:id',
    who: 'SOCIAL_ADMIN',
    request: (ctx) => ({ path: `/students/record/${ctx.reviewStudent.id}` }),
    status: 403,
    message: REVIEW_MESSAGES.studentOutsideScope,
  },
  {
    name: "record: a student's session opening its own record",
    route: 'GET /students/record/:id',
    who: 'student',
    request: (ctx) => ({ path: `/students/record/${ctx.student.id}` }),
    status: 401,
    message: MESSAGES.unauthorized,
  },
  {
    name: 'record: a 64 kB bearer token',
    route: 'GET /students/record/:id',
    who: 'anonymous',
    request: (ctx) => ({
      path: `/students/record/${ctx.reviewStudent.id}`,
      headers: { authorization: `Bearer ${'a.'.repeat(32_000)}` },
    }),
    status: 401,
  },
  {
    name: 'record: ACCEPTS a polluted query string, audits the view and answers the markup note as it was typed',
    route: 'GET /students/record/:id',
    who: 'ADMIN',
    request: (ctx) => ({
      path: `/students/record/${ctx.reviewStudent.id}?__proto__[polluted]=1&id=${enc(SQL_INJECTION)}`,
    }),
    status: 200,
    accepted: {
      mayChange: ['audit_log'],
      verify: async (ctx, body) => {
        const page = JSON.parse(body) as {
          data: { student: { _id: string }; documents: { kind: string; note: string | null }[] };
        };
        if (page.data.student._id !== ctx.reviewStudent.id)
          throw new Error(`another record: ${body.slice(0, 200)}`);
        const note = page.data.documents.find((document) => document.kind === 'frontIdCard')?.note;
        if (note !== MARKUP_NOTE) throw new Error(`note not answered as typed: ${String(note)}`);
        const [view] = await ctx.query<{ action: string; actor_user_name: string }>(
          `SELECT action, actor_user_name FROM audit_log WHERE target_id = $1 ORDER BY created_at DESC LIMIT 1`,
          [ctx.reviewStudent.id],
        );
        if (view?.action !== 'student.view' || view.actor_user_name !== ctx.staff.ADMIN.userName)
          throw new Error(`the view is not audited: ${JSON.stringify(view)}`);
      },
    },
  },
];

/** Interview scheduling (social service). */
const scheduling: HostileCase[] = [
  ...['2026-02-30', enc(SQL_INJECTION).slice(0, 10), arabicIndic('2030-01-01'), '2030-1-1'].map(
    (date): HostileCase => ({
      name: `appointed numbers: the date ${JSON.stringify(date)}`,
      route: 'POST /users/getAppointedStudentsNumber',
      who: 'SOCIAL_ADMIN',
      request: () => ({ body: json({ date }) }),
      status: 400,
      message: MESSAGES.scheduleDateInvalid,
    }),
  ),
  {
    name: 'appoint: a negative number of students',
    route: 'PATCH /users/appointStudents',
    who: 'SOCIAL_ADMIN',
    request: () => ({ body: json({ date: '2030-01-01', period: 9, NumOfStudents: -5 }) }),
    status: 400,
    message: MESSAGES.numOfStudentsInvalid,
  },
  {
    name: 'appoint: the period 10',
    route: 'PATCH /users/appointStudents',
    who: 'SOCIAL_ADMIN',
    request: () => ({ body: json({ date: '2030-01-01', period: 10, NumOfStudents: 1 }) }),
    status: 400,
    message: MESSAGES.schedulePeriodInvalid,
  },
  {
    name: 'appoint: ACCEPTS the number in Arabic-Indic digits (nobody waiting: 409, nothing changed)',
    route: 'PATCH /users/appointStudents',
    who: 'SOCIAL_ADMIN',
    request: () => ({ body: json({ date: '2030-01-01', period: '12', NumOfStudents: arabicIndic('10') }) }),
    status: 409,
    message: MESSAGES.noStudentsWaiting,
  },
  {
    name: 'print list: a token that is SQL',
    route: 'GET /users/exportsAppointedStudents/:date/:period/:token',
    who: 'anonymous',
    request: () => ({ path: `/users/exportsAppointedStudents/2030-01-01/9/${enc(SQL_INJECTION)}` }),
    status: 401,
  },
  {
    name: 'print list: a date that is a path',
    route: 'GET /users/exportsAppointedStudents/:date/:period/:token',
    who: 'anonymous',
    request: (ctx) => ({
      path: `/users/exportsAppointedStudents/${enc('../../etc')}/9/${enc(ctx.staff.SOCIAL_ADMIN.token)}`,
    }),
    status: 400,
    message: MESSAGES.scheduleDateInvalid,
  },
  {
    name: 'print list: the period 13',
    route: 'GET /users/exportsAppointedStudents/:date/:period/:token',
    who: 'anonymous',
    request: (ctx) => ({
      path: `/users/exportsAppointedStudents/2030-01-01/13/${enc(ctx.staff.SOCIAL_ADMIN.token)}`,
    }),
    status: 400,
    message: MESSAGES.schedulePeriodInvalid,
  },
];

/** Public reference data and health. */
const publicCalls: HostileCase[] = [
  ...['health', 'health/live', 'health/ready', 'branding', 'branding/logo', 'colleges'].map(
    (path): HostileCase => ({
      name: `${path}: query string pollution and a traversal`,
      route: `GET /${path}`,
      who: 'anonymous',
      request: () => ({ path: `/${path}?__proto__[polluted]=1&file=..%2F..%2Fetc%2Fpasswd` }),
      status: 200,
      accepted: {},
    }),
  ),
  ...[enc(SQL_INJECTION), '%25'].map(
    (college): HostileCase => ({
      name: `tourism programs: the college ${JSON.stringify(decodeURIComponent(college))}`,
      route: 'GET /colleges/tourism/:college/programs',
      who: 'anonymous',
      request: () => ({ path: `/colleges/tourism/${college}/programs` }),
      status: 404,
      message: MESSAGES.collegeNotFound,
    }),
  ),
  {
    name: 'tourism programs: a college with a NUL byte',
    route: 'GET /colleges/tourism/:college/programs',
    who: 'anonymous',
    request: () => ({ path: `/colleges/tourism/${enc(`${TEST_FACULTY}${NUL}`)}/programs` }),
    status: 400,
    message: MESSAGES.textUnstorable,
  },
  {
    name: 'tourism programs: a college name of 300 characters',
    route: 'GET /colleges/tourism/:college/programs',
    who: 'anonymous',
    request: () => ({ path: `/colleges/tourism/${enc('ك'.repeat(300))}/programs` }),
    status: 400,
  },
  {
    name: 'student charter: ignores a traversal in its query string',
    route: 'GET /students/getStudentBook',
    who: 'anonymous',
    request: () => ({ path: '/students/getStudentBook?file=..%2F..%2Fetc%2Fpasswd' }),
    status: 200,
    accepted: {},
  },
];

export const JSON_CASES: readonly HostileCase[] = [
  ...studentLogin,
  ...studentLoginForm,
  ...staffAccounts,
  ...studentRecords,
  ...studentCalls,
  ...documentReview,
  ...scheduling,
  ...publicCalls,
];
