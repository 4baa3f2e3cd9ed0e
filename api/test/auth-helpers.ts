import { randomBytes } from 'node:crypto';
import type { StaffRole } from '@portal/common';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { App } from '../src/app.js';
import type { Database } from '../src/db/pool.js';
import { colleges, staffUsers } from '../src/db/schema/index.js';
import { hashPassword } from '../src/modules/staff/password-hash.js';

/** Test accounts' default password (letters and digits, as the rule wants). */
export const TEST_STAFF_PASSWORD = 'Staff1234';
/** The faculty a test ADMIN belongs to unless told otherwise (a seeded college). */
export const TEST_FACULTY = 'كلية التجارة';
export const OTHER_FACULTY = 'كلية الهندسة';

export interface TestStaff {
  id: string;
  name: string;
  userName: string;
  phoneNumber: string;
  password: string;
  role: StaffRole;
  faculty: string | null;
  passwordChanged: boolean;
  credentialsChangedAt: Date;
}

export interface StaffOptions {
  role: StaffRole;
  userName?: string;
  name?: string;
  phoneNumber?: string;
  /** College name; defaults to TEST_FACULTY for an ADMIN and to none otherwise. */
  faculty?: string | null;
  password?: string;
  /** Defaults to true: the account can use every route its role allows. */
  passwordChanged?: boolean;
}

// scrypt is slow on purpose: hash each test password once per file.
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** Inserts a staff account straight into the database (no audit row, no API call). */
export async function insertStaff(db: Database, options: StaffOptions): Promise<TestStaff> {
  const password = options.password ?? TEST_STAFF_PASSWORD;
  const faculty =
    options.faculty === undefined ? (options.role === 'ADMIN' ? TEST_FACULTY : null) : options.faculty;
  let collegeId: string | null = null;
  if (faculty) {
    const [college] = await db.select({ id: colleges.id }).from(colleges).where(eq(colleges.name, faculty));
    if (!college) throw new Error(`no seeded college named ${faculty}`);
    collegeId = college.id;
  }
  const suffix = randomBytes(4).toString('hex');
  const [row] = await db
    .insert(staffUsers)
    .values({
      name: options.name ?? `موظف ${options.role}`,
      userName: options.userName ?? `${options.role.toLowerCase()}_${suffix}`,
      phoneNumber:
        options.phoneNumber ?? `010${String(Number.parseInt(suffix, 16) % 100_000_000).padStart(8, '0')}`,
      role: options.role,
      collegeId,
      passwordHash: await hashOnce(password),
      passwordChanged: options.passwordChanged ?? true,
    })
    .returning();
  if (!row) throw new Error('insertStaff returned no row');
  return {
    id: row.id,
    name: row.name,
    userName: row.userName,
    phoneNumber: row.phoneNumber,
    password,
    role: row.role,
    faculty,
    passwordChanged: row.passwordChanged,
    credentialsChangedAt: row.credentialsChangedAt,
  };
}

/** A valid token for the account, as login would issue it. */
export function tokenFor(app: App, staff: Pick<TestStaff, 'id' | 'credentialsChangedAt'>): Promise<string> {
  return app.auth.issueToken(staff);
}

export function bearer(token: string): { authorization: string } {
  // Signing is asynchronous (jose): an unawaited tokenFor would otherwise send 'Bearer [object Promise]' and read
  // as a puzzling 401.
  if (typeof token !== 'string') throw new TypeError('bearer() needs a token: await tokenFor(...)');
  return { authorization: `Bearer ${token}` };
}

/**
 * A token that is correctly signed but expired (issued 25 hours ago). The account's credentials date is moved
 * back first, so expiry is the only thing wrong with it.
 */
export async function expiredTokenFor(app: App, staff: Pick<TestStaff, 'id'>): Promise<string> {
  await app.db
    .update(staffUsers)
    .set({ credentialsChangedAt: sql`now() - interval '3 days'` })
    .where(eq(staffUsers.id, staff.id));
  return app.auth.tokens.sign(staff.id, Date.now() - 25 * 60 * 60 * 1000);
}

/** A valid token whose payload was edited to name another account, the signature left as it was. */
export async function tamperedTokenFor(
  app: App,
  staff: Pick<TestStaff, 'id' | 'credentialsChangedAt'>,
  otherId: string,
) {
  const [header, payload, signature] = (await tokenFor(app, staff)).split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const edited = Buffer.from(JSON.stringify({ ...claims, sub: otherId })).toString('base64url');
  return `${header}.${edited}.${signature}`;
}

const staffOfRole = new WeakMap<App, Map<StaffRole, Promise<TestStaff>>>();

/** One account of the role per app (created on first use, password already changed). */
export function staffWithRole(app: App, role: StaffRole): Promise<TestStaff> {
  let byRole = staffOfRole.get(app);
  if (!byRole) {
    byRole = new Map();
    staffOfRole.set(app, byRole);
  }
  let staff = byRole.get(role);
  if (!staff) {
    staff = insertStaff(app.db, { role });
    byRole.set(role, staff);
  }
  return staff;
}

/**
 * `app.inject` as a signed-in staff account: a role (one shared account of that role per app) or a given
 * account. E.g. `await injectAs(app, 'SUPPORT', { method: 'GET', url: '/api/v1/users/getMe' })`.
 */
export async function injectAs(app: App, who: StaffRole | TestStaff, options: InjectOptions) {
  const staff = typeof who === 'string' ? await staffWithRole(app, who) : who;
  return app.inject({ ...options, headers: { ...options.headers, ...bearer(await tokenFor(app, staff)) } });
}
