import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertStaff, OTHER_FACULTY, TEST_FACULTY } from '../../../test/auth-helpers.js';
import { insertStudent } from '../../../test/builders.js';
import { createTestDatabase } from '../../../test/test-app.js';
import { recordAudit } from '../../db/audit-trail.js';
import { auditLog, colleges, students } from '../../db/schema/index.js';
import { auditRepository, pageQuery } from './audit.repository.js';

const { db } = await createTestDatabase();
const TIME_ZONE = 'Africa/Cairo';

interface PlanNode {
  'Node Type': string;
  'Actual Rows'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
  Plan?: PlanNode;
}

function planNodes(node: PlanNode | undefined): PlanNode[] {
  if (!node) return [];
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

const rowOf = async (action: string) => {
  const [row] = await db.select().from(auditLog).where(eq(auditLog.action, action));
  return row;
};

describe('recordAudit', () => {
  it("copies a student's national ID, name and college into the row, in the same statement", async () => {
    const student = await insertStudent(db, { name: 'منى أحمد سالم', college: OTHER_FACULTY });
    await recordAudit(db, {
      actor: null,
      action: 'test.student_row',
      targetType: 'student',
      targetId: student.id.toUpperCase(),
    });
    expect(await rowOf('test.student_row')).toMatchObject({
      studentNationalId: student.nationalId,
      studentName: 'منى أحمد سالم',
      faculty: OTHER_FACULTY,
    });
  });

  it("keeps them when the student is deleted (no foreign key), and a faculty ADMIN's rows name its faculty", async () => {
    const student = await insertStudent(db, { name: 'طالب سيحذف' });
    const admin = await insertStaff(db, { role: 'ADMIN', faculty: TEST_FACULTY });
    await recordAudit(db, {
      actor: { id: admin.id, userName: admin.userName },
      action: 'test.before_delete',
      targetType: 'student',
      targetId: student.id,
    });
    await db.delete(students).where(eq(students.id, student.id));
    expect(await rowOf('test.before_delete')).toMatchObject({
      studentNationalId: student.nationalId,
      studentName: 'طالب سيحذف',
      faculty: TEST_FACULTY,
    });

    await recordAudit(db, { actor: { id: admin.id, userName: admin.userName }, action: 'test.admin_row' });
    expect(await rowOf('test.admin_row')).toMatchObject({ faculty: TEST_FACULTY, studentNationalId: null });
  });

  it('names the college a row targets; a SUPPORT actor, a non-uuid or unknown target leave the columns empty', async () => {
    const [college] = await db.select().from(colleges).where(eq(colleges.name, OTHER_FACULTY));
    const support = await insertStaff(db, { role: 'SUPPORT' });
    const actor = { id: support.id, userName: support.userName };
    await recordAudit(db, {
      actor,
      action: 'test.college_row',
      targetType: 'college',
      targetId: college?.id,
    });
    expect(await rowOf('test.college_row')).toMatchObject({ faculty: OTHER_FACULTY });
    await recordAudit(db, {
      actor,
      action: 'test.odd_target',
      targetType: 'student',
      targetId: 'not-a-uuid',
    });
    await recordAudit(db, { actor, action: 'test.gone', targetType: 'student', targetId: randomUUID() });
    for (const action of ['test.odd_target', 'test.gone'])
      expect(await rowOf(action)).toMatchObject({
        studentNationalId: null,
        studentName: null,
        faculty: null,
      });
  });
});

describe('the audit log is append-only', () => {
  it('refuses UPDATE and DELETE in the database, even of no row, and keeps every row', async () => {
    await recordAudit(db, { actor: null, action: 'test.kept' });
    const before = await db.select().from(auditLog);
    await expect(db.execute(sql`UPDATE audit_log SET action = 'changed'`)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '42501' }),
    });
    await expect(db.execute(sql`DELETE FROM audit_log WHERE false`)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '42501' }),
    });
    await expect(db.delete(auditLog).where(eq(auditLog.action, 'test.kept'))).rejects.toThrow();
    expect(await db.select().from(auditLog)).toEqual(before);
  });
});

describe('a page of the audit log', () => {
  it('reads a few rows through an index on a large table, whatever the filters', async () => {
    const [college] = await db.select().from(colleges).where(eq(colleges.name, TEST_FACULTY));
    const actor = randomUUID();
    // 40,000 rows over a few months, a few actors, actions, students and faculties (bench/audit-list.mjs
    // measures a page at 1,000,000).
    await db.execute(sql`
      INSERT INTO audit_log (actor_id, actor_user_name, action, target_type, student_national_id, faculty, created_at)
      SELECT CASE WHEN g % 7 = 0 THEN ${actor}::uuid ELSE gen_random_uuid() END, 'bench',
        (ARRAY['staff.login', 'student.view', 'student.review', 'forms.download'])[g % 4 + 1], 'student',
        '3' || lpad((g % 2000)::text, 13, '0'), CASE WHEN g % 3 = 0 THEN ${college?.name} ELSE 'كلية أخرى' END,
        now() - (g || ' seconds')::interval * 600
      FROM generate_series(1, 40000) AS g`);
    await db.execute(sql`ANALYZE audit_log`);

    const cursor = { at: '2030-01-01T00:00:00.000000Z', id: randomUUID() };
    const cases = [
      {},
      { actor },
      { action: 'student.review' as const },
      { nationalID: '30000000000042' },
      { faculty: TEST_FACULTY },
      { from: '2026-01-01', to: '2026-06-30' },
      { actor, action: 'forms.download' as const, from: '2026-01-01' },
    ];
    for (const filters of cases) {
      const { rows } = await db.execute(
        sql`EXPLAIN (ANALYZE, FORMAT JSON) ${pageQuery(filters, TIME_ZONE, cursor, 51)}`,
      );
      const nodes = planNodes((rows[0] as { 'QUERY PLAN': PlanNode[] })['QUERY PLAN'][0]?.Plan);
      const label = JSON.stringify(filters);
      // An index answers each filter: no scan of the table, and no node reads more than a few pages' worth of
      // rows (a sort is fine only of the few rows one student's history holds).
      expect(
        nodes.map((node) => node['Node Type']),
        label,
      ).not.toContain('Seq Scan');
      expect(
        nodes.some((node) => /Index/.test(node['Node Type'])),
        label,
      ).toBe(true);
      for (const node of nodes)
        expect((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0), label).toBeLessThan(1000);
    }
    const repository = auditRepository(db, TIME_ZONE);
    expect(await repository.page({ actor }, null, 51)).toHaveLength(51);
  }, 90_000);
});
