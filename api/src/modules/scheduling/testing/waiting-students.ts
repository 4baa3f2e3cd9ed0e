import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/pool.js';
import type { WaitingStudent } from '../scheduling.rules.js';

export const SOCIAL_WORK = 'كلية الخدمة الاجتماعية';

const FIRST = ['محمد', 'أحمد', 'مريم', 'يوسف', 'فاطمة', 'عمر', 'نور', 'إسراء', 'خالد', 'سارة', 'آية', 'علي'];
const FAMILY = ['السيد', 'عبد العزيز', 'المصري', 'النجار', 'حجازي', 'منصور', 'عثمان', 'سليمان', 'رمضان'];

export interface WaitingOptions {
  college?: string;
  /** Completion time of the first student; each next one completes `stepMs` later (negative: earlier). */
  firstCompletedAt?: Date;
  stepMs?: number;
  isComplete?: boolean;
  /** Leaves `completed_at` empty (students completed before the column was kept). */
  withoutCompletedAt?: boolean;
}

/**
 * Inserts `count` students straight into the database with one set-based statement (Arabic four-part names,
 * phone numbers, unique national IDs); by default complete social-work students, i.e. waiting. Answers them in
 * insertion order with their completion times.
 */
export async function insertWaitingStudents(
  db: Database,
  count: number,
  options: WaitingOptions = {},
): Promise<(WaitingStudent & { nationalId: string; name: string })[]> {
  const prefix = `4${String(randomInt(0, 100_000)).padStart(5, '0')}`;
  const first = options.firstCompletedAt ?? new Date('2026-07-01T08:00:00Z');
  const result = await db.execute<{
    id: string;
    completed_at: Date | string | null;
    national_id: string;
    name: string;
  }>(
    sql`
    INSERT INTO students (national_id, name, phone_number, college_id, is_complete, completed_at, enrollment_status)
    SELECT ${prefix} || lpad(i::text, 8, '0'),
           (${sql.param(FIRST)}::text[])[1 + i % ${FIRST.length}] || ' ' ||
             (${sql.param(FIRST)}::text[])[1 + (i / 7) % ${FIRST.length}]
             || ' ' || (${sql.param(FIRST)}::text[])[1 + (i / 13) % ${FIRST.length}]
             || ' ' || (${sql.param(FAMILY)}::text[])[1 + (i / 3) % ${FAMILY.length}],
           '010' || lpad((i * 7919 % 100000000)::text, 8, '0'),
           c.id,
           ${options.isComplete ?? true},
           CASE WHEN ${options.withoutCompletedAt ?? false} THEN NULL
                ELSE ${first.toISOString()}::timestamptz + make_interval(secs => (i - 1) * ${(options.stepMs ?? 60_000) / 1000})
           END,
           'regular'
    FROM generate_series(1, ${count}::int) AS i
    JOIN colleges c ON c.name = ${options.college ?? SOCIAL_WORK}
    ORDER BY i
    RETURNING id, completed_at, national_id, name`,
  );
  if (result.rows.length !== count) throw new Error(`no college named ${options.college ?? SOCIAL_WORK}`);
  const rows = [...result.rows].sort((a, b) => (a.national_id < b.national_id ? -1 : 1));
  return rows.map((row) => ({
    id: row.id,
    completedAt: row.completed_at === null ? null : new Date(row.completed_at),
    nationalId: row.national_id,
    name: row.name,
  }));
}
