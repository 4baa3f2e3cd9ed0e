import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// During a rolling upgrade the old release keeps running against the schema the new one migrated (decision
// record 0014): a migration may only expand it. A statement that takes away something the old code may still use
// (a table, a column, a name, a type, a default, a constraint or unique index it relies on, a column it does not
// fill) belongs to a later release, once no running code uses the old shape, and says so with a marker comment
// directly above it naming the earlier migration whose release stopped using it:
//   -- contract of 0013: students.national_id's own unique constraint, unused since seasons (0013) shipped

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
/** Migrations written before this check; 0013 ships in the same release as the check. */
const GRANDFATHERED_UP_TO = 13;
const MARKER = /^--\s*contract of (\d{4})\s*:\s*\S/m;

interface Migration {
  number: number;
  name: string;
  sql: string;
}

/** The statements of a migration as drizzle-kit separates them, each with the comments written above it. */
const statements = (sql: string) => sql.split('--> statement-breakpoint');
const withoutComments = (statement: string) => statement.replace(/--[^\n]*/g, '');

/** Why a statement would break the release before it, if it would. */
function destructive(
  statement: string,
  migration: string,
  uniqueIndexes: ReadonlySet<string>,
): string | undefined {
  const code = withoutComments(statement);
  if (/\bDROP\s+TABLE\b/i.test(code)) return 'drops a table';
  if (/\bDROP\s+COLUMN\b/i.test(code)) return 'drops a column';
  if (/\bRENAME\b/i.test(code)) return 'renames';
  if (/\bALTER\s+COLUMN\s+"?\w+"?\s+(SET\s+DATA\s+)?TYPE\b/i.test(code)) return "changes a column's type";
  if (/\bALTER\s+TYPE\b/i.test(code) && !/\bADD\s+VALUE\b/i.test(code)) return 'alters a type';
  if (/\bDROP\s+DEFAULT\b/i.test(code)) return 'drops a default';
  if (/\bDROP\s+CONSTRAINT\b/i.test(code)) return 'drops a constraint';
  const droppedIndex = /\bDROP\s+INDEX\s+(?:CONCURRENTLY\s+)?(?:IF\s+EXISTS\s+)?"?(\w+)"?/i.exec(code)?.[1];
  if (droppedIndex && uniqueIndexes.has(droppedIndex)) return 'drops a unique index';
  // A generated column fills itself, as a defaulted one does.
  if (
    /\bADD\s+COLUMN\b/i.test(code) &&
    /\bNOT\s+NULL\b/i.test(code) &&
    !/\b(DEFAULT|GENERATED\s+ALWAYS)\b/i.test(code)
  )
    return 'adds a NOT NULL column without a default';
  const notNull = /ALTER\s+TABLE\s+("?\w+"?)\s+ALTER\s+COLUMN\s+("?\w+"?)\s+SET\s+NOT\s+NULL/i.exec(code);
  if (notNull) {
    const [, table, column] = notNull;
    const defaulted = new RegExp(
      `ALTER\\s+TABLE\\s+${table}\\s+ALTER\\s+COLUMN\\s+${column}\\s+SET\\s+DEFAULT\\b`,
      'i',
    ).test(migration);
    if (!defaulted) return 'sets NOT NULL without a default';
  }
  return undefined;
}

/** Unique indexes the migrations create: old code's ON CONFLICT may name their columns. */
function uniqueIndexesOf(migrations: Migration[]): Set<string> {
  const names = migrations.flatMap((m) =>
    [
      ...withoutComments(m.sql).matchAll(
        /CREATE\s+UNIQUE\s+INDEX\s+(?:CONCURRENTLY\s+)?(?:IF\s+NOT\s+EXISTS\s+)?"?(\w+)"?/gi,
      ),
    ].map((match) => match[1] ?? ''),
  );
  return new Set(names);
}

/** Each destructive statement of a migration that no valid contract marker covers. */
function unmarkedContractions(migration: Migration, uniqueIndexes: ReadonlySet<string>): string[] {
  return statements(migration.sql).flatMap((statement) => {
    const why = destructive(statement, migration.sql, uniqueIndexes);
    if (!why) return [];
    const marked = MARKER.exec(statement);
    if (marked && Number(marked[1]) < migration.number) return [];
    const first = withoutComments(statement).trim().split('\n')[0];
    return [
      `${migration.name} ${why} without a '-- contract of NNNN: …' marker naming an earlier migration: ${first}`,
    ];
  });
}

function readMigrations(): Migration[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((name) => /^\d{4}_.+\.sql$/.test(name))
    .sort()
    .map((name) => ({
      number: Number(name.slice(0, 4)),
      name,
      sql: readFileSync(path.join(MIGRATIONS_DIR, name), 'utf8'),
    }));
}

describe('migrations only expand the schema (rolling upgrades, decision record 0014)', () => {
  const migrations = readMigrations();

  it('reads the migrations folder', () => {
    expect(migrations.map((m) => m.number).slice(0, GRANDFATHERED_UP_TO + 1)).toEqual(
      Array.from({ length: GRANDFATHERED_UP_TO + 1 }, (_, i) => i),
    );
  });

  it('every migration after 0013 contracts only where a marker names the release it contracts', () => {
    const uniqueIndexes = uniqueIndexesOf(migrations);
    const newer = migrations.filter((m) => m.number > GRANDFATHERED_UP_TO);
    expect(newer.flatMap((m) => unmarkedContractions(m, uniqueIndexes))).toEqual([]);
  });

  describe('the rule itself', () => {
    const unique = new Set(['students_national_id_season_key']);
    const check = (sql: string, number = 14) =>
      unmarkedContractions({ number, name: `${number}_x.sql`, sql }, unique).length;

    it.each([
      ['DROP TABLE "old_things";'],
      ['ALTER TABLE "students" DROP COLUMN "seat_no";'],
      ['ALTER TABLE "students" RENAME COLUMN "seat_no" TO "seat_number";'],
      ['ALTER TABLE "students" ALTER COLUMN "income" SET DATA TYPE numeric;'],
      ["ALTER TYPE \"role\" RENAME VALUE 'ADMIN' TO 'FACULTY_ADMIN';"],
      ['ALTER TABLE "students" ALTER COLUMN "status" DROP DEFAULT;'],
      ['ALTER TABLE "students" DROP CONSTRAINT "students_national_id_unique";'],
      ['DROP INDEX "students_national_id_season_key";'],
      ['ALTER TABLE "students" ADD COLUMN "origin" text NOT NULL;'],
      ['ALTER TABLE "students" ALTER COLUMN "email" SET NOT NULL;'],
    ])('flags %s', (sql) => {
      expect(check(sql)).toBe(1);
    });

    it.each([
      ['CREATE TABLE "seasons" ("id" uuid PRIMARY KEY);'],
      ['ALTER TABLE "students" ADD COLUMN "origin" text;'],
      ['ALTER TABLE "students" ADD COLUMN "origin" text DEFAULT \'import\' NOT NULL;'],
      ['ALTER TABLE "students" ADD COLUMN "key" text GENERATED ALWAYS AS (lower("name")) STORED NOT NULL;'],
      ['CREATE INDEX CONCURRENTLY "students_origin_idx" ON "students" ("origin");'],
      ['DROP INDEX "students_college_idx";'],
      ['ALTER TYPE "role" ADD VALUE \'AUDITOR\';'],
      [
        'ALTER TABLE "students" ALTER COLUMN "email" SET DEFAULT \'\';--> statement-breakpoint\nALTER TABLE "students" ALTER COLUMN "email" SET NOT NULL;',
      ],
      ['-- a comment may say DROP COLUMN or RENAME\nCREATE TABLE "t" ("id" int);'],
    ])('lets %s through', (sql) => {
      expect(check(sql)).toBe(0);
    });

    it('lets a contraction through with a marker naming an earlier migration, and only then', () => {
      const drop = 'ALTER TABLE "students" DROP COLUMN "seat_no";';
      expect(check(`-- contract of 0013: seat_no, unused since seasons shipped\n${drop}`)).toBe(0);
      expect(check(`-- contract of 0014: the same release\n${drop}`, 14)).toBe(1);
      expect(check(`-- contract: no release named\n${drop}`)).toBe(1);
      expect(
        check(
          `-- contract of 0013: covers only its own statement\nSELECT 1;--> statement-breakpoint\n${drop}`,
        ),
      ).toBe(1);
    });
  });
});
