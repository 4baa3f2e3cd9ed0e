import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/pool.js';
import { collegePrograms, colleges } from '../../db/schema.js';
import type { DbExecutor } from '../audit/audit.repository.js';

const entryColumns = {
  id: colleges.id,
  name: colleges.name,
  socialWork: colleges.socialWork,
  tourism: colleges.tourism,
  dataDeadline: colleges.dataDeadline,
  hidden: colleges.hidden,
};

/** A college as the settings read and write it: its flags and its data deadline (issue 17). */
export interface CollegeRow {
  id: string;
  name: string;
  socialWork: boolean;
  tourism: boolean;
  dataDeadline: Date | null;
  hidden: boolean;
}

export function collegesRepository(db: Database) {
  const list = db
    .select(entryColumns)
    .from(colleges)
    .orderBy(asc(colleges.sortOrder), asc(colleges.name))
    .prepare('colleges_list');

  const findByName = db
    .select({ id: colleges.id, tourism: colleges.tourism })
    .from(colleges)
    .where(eq(colleges.name, sql.placeholder('name')))
    .prepare('colleges_find_by_name');

  const listPrograms = db
    .select({ name: collegePrograms.name })
    .from(collegePrograms)
    .where(eq(collegePrograms.collegeId, sql.placeholder('collegeId')))
    .orderBy(asc(collegePrograms.sortOrder))
    .prepare('college_programs_list');

  return {
    /** Every college in the order the screens list them. */
    list(): Promise<CollegeRow[]> {
      return list.execute();
    },
    async findByName(name: string) {
      return (await findByName.execute({ name }))[0];
    },
    async programNames(collegeId: string): Promise<string[]> {
      return (await listPrograms.execute({ collegeId })).map((row) => row.name);
    },

    transaction<T>(work: (tx: DbExecutor) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** The college, locked until the transaction ends so that two settings saves take turns; undefined: none. */
    async lock(tx: DbExecutor, id: string): Promise<CollegeRow | undefined> {
      const [row] = await tx.select(entryColumns).from(colleges).where(eq(colleges.id, id)).for('update');
      return row;
    },

    /** Sets the college's data deadline (null: none); answers the college as saved. */
    async setDeadline(tx: DbExecutor, id: string, deadline: Date | null): Promise<CollegeRow | undefined> {
      const [row] = await tx
        .update(colleges)
        .set({ dataDeadline: deadline })
        .where(eq(colleges.id, id))
        .returning(entryColumns);
      return row;
    },
  };
}
export type CollegesRepository = ReturnType<typeof collegesRepository>;
