import type { StaffRole } from '@portal/common';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/pool.js';
import { hashPassword } from '../../modules/staff/password-hash.js';
import { SOCIAL_WORK_COLLEGE, TOURISM_COLLEGE } from './colleges.js';

interface Logger {
  info(message: string): void;
}

export const DEMO_STAFF_PASSWORD = 'Demo1234';

export const DEMO_STUDENTS = [
  { nationalId: '30801010100011', name: 'أحمد محمد علي حسن', college: 'كلية التجارة', seatNo: '100201' },
  {
    nationalId: '30802150100022',
    name: 'فاطمة محمود عبد الله السيد',
    college: 'كلية التجارة',
    seatNo: '100202',
  },
  { nationalId: '30803200100033', name: 'محمد إبراهيم أحمد يوسف', college: 'كلية الهندسة', seatNo: '100203' },
  {
    nationalId: '30804120100044',
    name: 'مريم خالد مصطفى عبد الرحمن',
    college: 'كلية الآداب',
    seatNo: '100204',
  },
  {
    nationalId: '30805050100055',
    name: 'يوسف طارق سامي فؤاد',
    college: SOCIAL_WORK_COLLEGE,
    seatNo: '100205',
  },
  {
    nationalId: '30806180100066',
    name: 'نور الهدى سعيد عبد العزيز',
    college: SOCIAL_WORK_COLLEGE,
    seatNo: '100206',
  },
  { nationalId: '30807220100077', name: 'عمر حسام الدين كمال', college: TOURISM_COLLEGE, seatNo: '100207' },
  { nationalId: '30808300100088', name: 'سارة أشرف فتحي رمضان', college: TOURISM_COLLEGE, seatNo: '100208' },
  { nationalId: '30809090100099', name: 'عبد الرحمن وليد جمال', college: 'كلية الحقوق', seatNo: '100209' },
  { nationalId: '30810110100010', name: 'هبة الله ياسر منصور', college: 'كلية العلوم', seatNo: '100210' },
];

const DEMO_STAFF = [
  { name: 'موظف الدعم الفني', userName: 'support', role: 'SUPPORT', college: null, phone: '01000000001' },
  {
    name: 'مسؤول كلية التجارة',
    userName: 'commerce',
    role: 'ADMIN',
    college: 'كلية التجارة',
    phone: '01000000002',
  },
  {
    name: 'مسؤول المقابلات',
    userName: 'social',
    role: 'SOCIAL_ADMIN',
    college: SOCIAL_WORK_COLLEGE,
    phone: '01000000003',
  },
] as const;

/** The demo staff's second factor: the roles that must have one, and how a factor is made (the two-factor module). */
export interface DemoSecondFactor {
  requiredRoles: readonly StaffRole[];
  newFactor(staffId: string, userName: string): { sealedSecret: string; secret: string; otpauthUrl: string };
}

/**
 * Seeds demo students and one staff account of each role, once, and lists them in the log. A demo account whose
 * role must have a second factor gets one already on, and the log shows its secret and otpauth link this once,
 * so a newcomer adds it to an authenticator app and signs in at once.
 */
export async function seedDemoData(db: Database, log: Logger, secondFactor: DemoSecondFactor): Promise<void> {
  const students = DEMO_STUDENTS;
  await db.execute(sql`
    INSERT INTO students (national_id, season_id, name, seat_no, college_id, enrollment_status)
    SELECT s.national_id, admission_current_season(), s.name, s.seat_no, c.id, 'regular'
    FROM unnest(
      ${sql.param(students.map((s) => s.nationalId))}::text[],
      ${sql.param(students.map((s) => s.name))}::text[],
      ${sql.param(students.map((s) => s.seatNo))}::text[],
      ${sql.param(students.map((s) => s.college))}::text[]) AS s(national_id, name, seat_no, college)
    JOIN colleges c ON c.name = s.college
    ON CONFLICT (national_id, season_id) DO NOTHING`);

  const hash = await hashPassword(DEMO_STAFF_PASSWORD);
  const { rows: created } = await db.execute<{ id: string; user_name: string; role: StaffRole }>(sql`
    INSERT INTO staff_users (name, user_name, phone_number, role, college_id, password_hash, password_changed)
    SELECT s.name, s.user_name, s.phone, s.role, c.id, ${hash}, true
    FROM unnest(
      ${sql.param(DEMO_STAFF.map((s) => s.name))}::text[],
      ${sql.param(DEMO_STAFF.map((s) => s.userName))}::text[],
      ${sql.param(DEMO_STAFF.map((s) => s.phone))}::text[],
      ${sql.param(DEMO_STAFF.map((s) => s.role))}::text[],
      ${sql.param(DEMO_STAFF.map((s) => s.college))}::text[]) AS s(name, user_name, phone, role, college)
    LEFT JOIN colleges c ON c.name = s.college
    ON CONFLICT DO NOTHING
    RETURNING id, user_name, role`);

  const factors: string[] = [];
  for (const staff of created.filter((s) => secondFactor.requiredRoles.includes(s.role))) {
    const factor = secondFactor.newFactor(staff.id, staff.user_name);
    await db.execute(sql`
      UPDATE staff_users SET two_factor_secret = ${factor.sealedSecret}, two_factor_enabled_at = now()
      WHERE id = ${staff.id}`);
    factors.push(`${staff.user_name}: secret ${factor.secret}, ${factor.otpauthUrl}`);
  }
  if (factors.length)
    log.info(
      `demo data: the demo staff accounts have a second factor on (STAFF_2FA_REQUIRED); add each to an authenticator app now, this is shown once: ${factors.join('; ')}`,
    );

  log.info(
    `demo data: students (national IDs) ${students.map((s) => s.nationalId).join(', ')}; staff ${DEMO_STAFF.map(
      (s) => `${s.userName} (${s.role})`,
    ).join(', ')}, password '${DEMO_STAFF_PASSWORD}'. Start with DEMO_DATA=0 for an empty portal.`,
  );
}
