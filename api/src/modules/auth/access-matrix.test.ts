import { randomUUID } from 'node:crypto';
import { STAFF_ROLES, type StaffRole } from '@portal/common';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  expiredTokenFor,
  insertStaff,
  type TestStaff,
  tamperedTokenFor,
  tokenFor,
} from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/test-app.js';
import { staffUsers } from '../../db/schema/index.js';
import { errorEnvelope } from '../../plugins/error-envelope.js';
import { ACCESS_POLICY, type AccessRule, API_PREFIX } from './access-policy.js';
import { authPlugin } from './auth.plugin.js';
import { createTokenService } from './token.js';

const { app, database } = await createTestApp();
const db = database.db;

const UNAUTHORIZED = 'يجب تسجيل الدخول أولا';
const SESSION_INVALID = 'انتهت صلاحية الجلسة أو أنها غير صالحة، سجل الدخول مرة أخرى';
const FORBIDDEN = 'غير مسموح لك بالقيام بهذا الإجراء';
const CHANGE_PASSWORD_FIRST = 'يجب تغيير كلمة المرور أولا';

/**
 * Spec section 6 for the staff-account calls, written out by hand: the access table must say the same.
 * `true` = allowed once the password is changed; 'first' = allowed only before (ADMIN updating itself).
 */
const SPEC_USERS_ACCESS: Record<string, Partial<Record<StaffRole, true | 'first'>>> = {
  'GET /users/getRole': { SUPERADMIN: true, SUPPORT: true, ADMIN: true, SOCIAL_ADMIN: true },
  'GET /users/getMe': { SUPERADMIN: true, SUPPORT: true, ADMIN: true, SOCIAL_ADMIN: true },
  'PATCH /users/updateMyPassword': { SUPERADMIN: true, SUPPORT: true, ADMIN: true, SOCIAL_ADMIN: true },
  'PATCH /users/updateSuperAdmin': { SUPERADMIN: true, ADMIN: 'first' },
  'GET /users/getAllAdmins': { SUPERADMIN: true },
  'POST /users/getAdmin': { SUPERADMIN: true },
  'POST /users/addAdmin': { SUPERADMIN: true },
  'PATCH /users/updateAdmin': { SUPERADMIN: true },
  'PATCH /users/resetAdminPassword': { SUPERADMIN: true },
  'DELETE /users/deleteAdmin/:id': { SUPERADMIN: true },
  'GET /users/getAllStudentsNumber': { SUPERADMIN: true, SUPPORT: true, ADMIN: true },
  'POST /users/getAppointedStudentsNumber': { SUPERADMIN: true, SOCIAL_ADMIN: true },
  'PATCH /users/appointStudents': { SUPERADMIN: true, SOCIAL_ADMIN: true },
  'GET /users/exportsAppointedStudents/:date/:period/:token': { SUPERADMIN: true, SOCIAL_ADMIN: true },
  // Issue 33: the print link the schedule screen opens, with a print token in place of the staff token.
  'POST /users/exportsAppointedStudents/link': { SUPERADMIN: true, SOCIAL_ADMIN: true },
};

/**
 * Spec section 6 for the staff student-record calls, written out by hand the same way: every route named here
 * must have exactly this access (SOCIAL_ADMIN sees no student info; deleting a student is super admin and
 * support; delete-data, its count and statistics are super admin only).
 */
const SPEC_STUDENT_RECORDS_ACCESS: Record<string, Partial<Record<StaffRole, true | 'first'>>> = {
  'POST /students/getAllStudents': { SUPERADMIN: true, SUPPORT: true, ADMIN: true },
  'POST /students/getStudentInfo': { SUPERADMIN: true, SUPPORT: true, ADMIN: true },
  'DELETE /students/deleteStudent/:id': { SUPERADMIN: true, SUPPORT: true },
  'POST /students/delete': { SUPERADMIN: true },
  'POST /students/countFaculty': { SUPERADMIN: true },
  'GET /students/getStatistics': { SUPERADMIN: true },
};

/** Issue 16: every staff role reviews documents (each within its scope, which the routes check themselves). */
const SPEC_DOCUMENT_REVIEW_ACCESS: Record<string, Partial<Record<StaffRole, true | 'first'>>> = {
  'GET /students/record/:id': { SUPERADMIN: true, SUPPORT: true, ADMIN: true, SOCIAL_ADMIN: true },
  'POST /students/review/:id': { SUPERADMIN: true, SUPPORT: true, ADMIN: true, SOCIAL_ADMIN: true },
  'POST /students/reviewQueue': { SUPERADMIN: true, SUPPORT: true, ADMIN: true, SOCIAL_ADMIN: true },
};

/** Issue 18: the interview staff calls are the social-work staff's and the super admin's, like scheduling. */
const SPEC_INTERVIEWS_ACCESS: Record<string, Partial<Record<StaffRole, true | 'first'>>> = {
  'POST /interviews/slots': { SUPERADMIN: true, SOCIAL_ADMIN: true },
  'PATCH /interviews/slots/:id': { SUPERADMIN: true, SOCIAL_ADMIN: true },
  'GET /interviews/slots': { SUPERADMIN: true, SOCIAL_ADMIN: true },
  'GET /interviews/day': { SUPERADMIN: true, SOCIAL_ADMIN: true },
  'PUT /interviews/outcome/:studentId': { SUPERADMIN: true, SOCIAL_ADMIN: true },
  'GET /interviews/statistics': { SUPERADMIN: true, SOCIAL_ADMIN: true },
  'POST /interviews/export': { SUPERADMIN: true, SOCIAL_ADMIN: true },
};

/**
 * Issue 17: the staff message and its figures are the super admin's, support's and a faculty ADMIN's (its own
 * faculty, which the calls check themselves); a college's deadline is the super admin's.
 */
const SPEC_ISSUE_17_ACCESS: Record<string, Partial<Record<StaffRole, true | 'first'>>> = {
  'POST /notifications/preview': { SUPERADMIN: true, SUPPORT: true, ADMIN: true },
  'POST /notifications/send': { SUPERADMIN: true, SUPPORT: true, ADMIN: true },
  'GET /notifications/stats': { SUPERADMIN: true, SUPPORT: true, ADMIN: true },
  'PATCH /colleges/:id': { SUPERADMIN: true },
};

/**
 * Issue 20: every account enrols, confirms and leaves its own second factor and ends its own sessions; resetting
 * another's factor is the super admin's. (Enrolling and signing out also before the first password change: the
 * matrix below checks each row's `beforePasswordChange` as it stands.)
 */
const EVERY_ROLE = { SUPERADMIN: true, SUPPORT: true, ADMIN: true, SOCIAL_ADMIN: true } as const;
const SPEC_ISSUE_20_USERS_ACCESS: Record<string, Partial<Record<StaffRole, true | 'first'>>> = {
  'POST /users/twoFactor/setup': EVERY_ROLE,
  'POST /users/twoFactor/enable': EVERY_ROLE,
  'POST /users/twoFactor/disable': EVERY_ROLE,
  'PATCH /users/resetTwoFactor': { SUPERADMIN: true },
  'POST /users/signOutEverywhere': EVERY_ROLE,
};

type Expected = { status: 401 | 403; message: string } | 'allowed';

/** What the table says a signed-in account gets, read straight from the row's fields. */
function expectedFor(rule: AccessRule, role: StaffRole, passwordChanged: boolean): Expected {
  const roles = rule.allow === 'staff' ? STAFF_ROLES : rule.allow === 'public' ? [] : rule.allow;
  if (!roles.includes(role)) return { status: 403, message: FORBIDDEN };
  if (passwordChanged && rule.onlyBeforePasswordChange?.includes(role))
    return { status: 403, message: FORBIDDEN };
  if (!passwordChanged && !rule.beforePasswordChange) return { status: 403, message: CHANGE_PASSWORD_FIRST };
  return 'allowed';
}

/** A request for the rule: random UUIDs for path parameters (or the token, for a token-in-path route). */
function requestFor(rule: AccessRule, token: string | undefined, method: string = rule.method) {
  const url = rule.url.replace(/:(\w+)/g, (_, name: string) =>
    rule.tokenFrom?.param === name ? encodeURIComponent(token ?? 'none') : randomUUID(),
  );
  const withBody = ['POST', 'PUT', 'PATCH'].includes(method);
  return app.inject({
    method: method as 'GET',
    url: API_PREFIX + url,
    headers: token && !rule.tokenFrom ? bearer(token) : {},
    ...(withBody ? { payload: {} } : {}),
  });
}

const guarded = ACCESS_POLICY.filter((rule) => rule.allow !== 'public');
const accounts = new Map<string, TestStaff>();
const accountKey = (role: StaffRole, passwordChanged: boolean) => `${role}:${passwordChanged}`;
let deletedToken: string;
let staleToken: string;
let forgedToken: string;
let expiredToken: string;
let tamperedToken: string;

beforeAll(async () => {
  for (const role of STAFF_ROLES)
    for (const passwordChanged of [true, false])
      accounts.set(accountKey(role, passwordChanged), await insertStaff(db, { role, passwordChanged }));

  const deleted = await insertStaff(db, { role: 'SUPERADMIN' });
  deletedToken = await tokenFor(app, deleted);
  await db.delete(staffUsers).where(eq(staffUsers.id, deleted.id));

  const changed = await insertStaff(db, { role: 'SUPERADMIN' });
  staleToken = await tokenFor(app, changed);
  await db
    .update(staffUsers)
    .set({ credentialsChangedAt: new Date(Date.now() + 1000) })
    .where(eq(staffUsers.id, changed.id));

  const superAdmin = accounts.get(accountKey('SUPERADMIN', true)) as TestStaff;
  forgedToken = await createTokenService('another-secret-of-sufficient-length-000000').sign(superAdmin.id);
  expiredToken = await expiredTokenFor(app, await insertStaff(db, { role: 'SUPERADMIN' }));
  tamperedToken = await tamperedTokenFor(app, await insertStaff(db, { role: 'SOCIAL_ADMIN' }), superAdmin.id);
});

/** The access a row gives each role, in the shape of the hand-written spec tables. */
function accessOf(rule: AccessRule): Partial<Record<StaffRole, true | 'first'>> {
  const access: Partial<Record<StaffRole, true | 'first'>> = {};
  for (const role of STAFF_ROLES) {
    if (expectedFor(rule, role, true) === 'allowed') access[role] = true;
    else if (expectedFor(rule, role, false) === 'allowed') access[role] = 'first';
  }
  return access;
}

describe('the access table', () => {
  it('gives the staff-account calls exactly the access of spec section 6 and of issue 20', () => {
    const users = ACCESS_POLICY.filter((rule) => rule.url.startsWith('/users/') && rule.allow !== 'public');
    const actual = Object.fromEntries(users.map((rule) => [`${rule.method} ${rule.url}`, accessOf(rule)]));
    expect(actual).toEqual({ ...SPEC_USERS_ACCESS, ...SPEC_ISSUE_20_USERS_ACCESS });
    expect(ACCESS_POLICY).toContainEqual({ method: 'POST', url: '/users/login', allow: 'public' });
    // The code step of a sign-in: the challenge is its credential.
    expect(ACCESS_POLICY).toContainEqual({ method: 'POST', url: '/users/login/verify', allow: 'public' });
  });

  it('gives the staff student-record calls exactly the access of spec section 6', () => {
    const byRoute = new Map(ACCESS_POLICY.map((rule) => [`${rule.method} ${rule.url}`, rule]));
    const actual = Object.fromEntries(
      Object.keys(SPEC_STUDENT_RECORDS_ACCESS).map((route) => {
        const rule = byRoute.get(route);
        return [route, rule ? accessOf(rule) : 'no row'];
      }),
    );
    expect(actual).toEqual(SPEC_STUDENT_RECORDS_ACCESS);
  });

  it('gives the document review calls exactly the access of issue 16', () => {
    const byRoute = new Map(ACCESS_POLICY.map((rule) => [`${rule.method} ${rule.url}`, rule]));
    const actual = Object.fromEntries(
      Object.keys(SPEC_DOCUMENT_REVIEW_ACCESS).map((route) => {
        const rule = byRoute.get(route);
        return [route, rule ? accessOf(rule) : 'no row'];
      }),
    );
    expect(actual).toEqual(SPEC_DOCUMENT_REVIEW_ACCESS);
  });

  it('gives the interview staff calls exactly the access of issue 18, and its export link no token', () => {
    const interviews = ACCESS_POLICY.filter(
      (rule) => rule.url.startsWith('/interviews/') && rule.allow !== 'public',
    );
    const actual = Object.fromEntries(
      interviews.map((rule) => [`${rule.method} ${rule.url}`, accessOf(rule)]),
    );
    expect(actual).toEqual(SPEC_INTERVIEWS_ACCESS);
    expect(ACCESS_POLICY).toContainEqual({
      method: 'GET',
      url: '/interviews/export/:token',
      allow: 'public',
    });
  });

  it('gives the notification calls and the college deadline exactly the access of issue 17', () => {
    // The college list and programs have no row: they are open to everyone (student-routes-access.test.ts).
    const issue17 = ACCESS_POLICY.filter(
      (rule) =>
        rule.url.startsWith('/notifications/') || (rule.method === 'PATCH' && rule.url === '/colleges/:id'),
    );
    const actual = Object.fromEntries(issue17.map((rule) => [`${rule.method} ${rule.url}`, accessOf(rule)]));
    expect(actual).toEqual(SPEC_ISSUE_17_ACCESS);
  });

  it('gives the colleges and programs content calls (issue 19) to the super admin only', () => {
    const issue19 = ACCESS_POLICY.filter(
      (rule) => rule.url.startsWith('/colleges') || rule.url === '/content/colleges',
    );
    expect(issue19.map((rule) => `${rule.method} ${rule.url}`).sort()).toEqual([
      'DELETE /colleges/:id',
      'DELETE /colleges/:id/programs/:programId',
      'GET /content/colleges',
      'PATCH /colleges/:id',
      'PATCH /colleges/:id/programs/:programId',
      'POST /colleges',
      'POST /colleges/:id/programs',
    ]);
    for (const rule of issue19)
      expect(accessOf(rule), `${rule.method} ${rule.url}`).toEqual({ SUPERADMIN: true });
  });
});

describe.each(guarded.map((rule) => [`${rule.method} ${rule.url}`, rule] as const))('%s', (_, rule) => {
  it('refuses a request without a token with 401', async () => {
    const res = await requestFor(rule, undefined);
    expect(res.statusCode).toBe(401);
    // A token-in-path route always has something in that path segment, which is then not a token.
    expect(res.json()).toEqual({ status: 'error', message: rule.tokenFrom ? SESSION_INVALID : UNAUTHORIZED });
  });

  it.each([
    ['a tampered token (payload names the super admin)', () => tamperedToken],
    ['an expired token', () => expiredToken],
    ["a deleted account's token", () => deletedToken],
    ['a token issued before a password change', () => staleToken],
    ['a token signed with another secret', () => forgedToken],
    ['garbage', () => 'not.a.token'],
  ])('refuses %s with 401', async (_, token) => {
    const res = await requestFor(rule, token());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'error', message: SESSION_INVALID });
  });

  if (rule.method === 'GET') {
    it('guards HEAD like GET', async () => {
      expect((await requestFor(rule, undefined, 'HEAD')).statusCode).toBe(401);
    });
  }

  const cases = STAFF_ROLES.flatMap((role) =>
    [true, false].map((passwordChanged) => ({
      role,
      passwordChanged,
      expected: expectedFor(rule, role, passwordChanged),
    })),
  );
  it.each(cases)(
    '$role (password changed: $passwordChanged) → $expected',
    async ({ role, passwordChanged, expected }) => {
      const staff = accounts.get(accountKey(role, passwordChanged)) as TestStaff;
      const res = await requestFor(rule, await tokenFor(app, staff));
      if (expected === 'allowed') {
        expect([401, 403]).not.toContain(res.statusCode);
        expect(res.statusCode).toBeLessThan(500);
      } else {
        expect(res.statusCode).toBe(expected.status);
        expect(res.json()).toEqual({ status: 'error', message: expected.message });
      }
    },
  );
});

describe('public rows', () => {
  it.each(ACCESS_POLICY.filter((rule) => rule.allow === 'public').map((rule) => [rule.url, rule] as const))(
    '%s needs no token',
    async (_, rule) => {
      const res = await requestFor(rule, undefined);
      expect([401, 403]).not.toContain(res.statusCode);
    },
  );
});

describe('the auth plugin', () => {
  async function miniApp(rules: AccessRule[], routes: (app: FastifyInstance) => void) {
    const mini = Fastify({ routerOptions: { maxParamLength: 512 } });
    mini.decorate('db', db);
    await mini.register(errorEnvelope);
    await mini.register(authPlugin, { secret: 'mini-secret-that-is-long-enough-000000000', rules });
    await mini.register(async (api) => routes(api), { prefix: API_PREFIX });
    return mini;
  }

  it('refuses to start when a /users route has no row (fail closed)', async () => {
    await expect(
      miniApp([], (api) => {
        api.get('/users/secret', async () => 'x');
      }),
    ).rejects.toThrow(/no row in the access policy/);
  });

  it('refuses to start when an /interviews route has no row (fail closed)', async () => {
    await expect(
      miniApp([], (api) => {
        api.get('/interviews/secret', async () => 'x');
      }),
    ).rejects.toThrow(/no row in the access policy/);
  });

  it('refuses to start when a /notifications route has no row (fail closed)', async () => {
    await expect(
      miniApp([], (api) => {
        api.post('/notifications/secret', async () => 'x');
      }),
    ).rejects.toThrow(/no row in the access policy/);
  });

  it('refuses to start when a row names no route', async () => {
    const mini = await miniApp(
      [{ method: 'GET', url: '/students/nothing', allow: ['SUPERADMIN'] }],
      () => {},
    );
    await expect(mini.ready()).rejects.toThrow(/rows without a route: GET \/students\/nothing/);
    await mini.close();
  });

  it('reads the token from a path parameter when the row says so, and checks the role', async () => {
    const rule: AccessRule = {
      method: 'GET',
      url: '/print/:date/:token',
      allow: ['SOCIAL_ADMIN'],
      tokenFrom: { param: 'token' },
    };
    const mini = await miniApp([rule], (api) => {
      api.get('/print/:date/:token', async (request) => ({ who: request.staff?.role }));
    });
    const social = await insertStaff(db, { role: 'SOCIAL_ADMIN' });
    const support = await insertStaff(db, { role: 'SUPPORT' });
    const token = (staff: TestStaff) => mini.auth.issueToken(staff);
    const ok = await mini.inject({ method: 'GET', url: `/api/v1/print/2026-01-01/${await token(social)}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ who: 'SOCIAL_ADMIN' });
    const other = await mini.inject({
      method: 'GET',
      url: `/api/v1/print/2026-01-01/${await token(support)}`,
    });
    expect(other.statusCode).toBe(403);
    const header = await mini.inject({
      method: 'GET',
      url: '/api/v1/print/2026-01-01/x',
      headers: bearer(await token(social)),
    });
    expect(header.statusCode).toBe(401);
    await mini.close();
  });
});

describe('OpenAPI', () => {
  it('marks guarded routes with the bearer security scheme and leaves login open', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/v1/users/getAllAdmins'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/v1/users/deleteAdmin/{id}'].delete.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/v1/users/login'].post.security).toBeUndefined();
    expect(doc.paths['/api/v1/users/addAdmin'].post.requestBody).toBeDefined();
  });
});
