import { and, asc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/executor.js';
import type { Database } from '../../db/pool.js';
import { collegePrograms, colleges } from '../../db/schema/index.js';

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

  // Every tourism college's visible programs in one read: the public program lists are served from this, cached.
  const visiblePrograms = db
    .select({ collegeId: collegePrograms.collegeId, name: collegePrograms.name })
    .from(collegePrograms)
    .innerJoin(colleges, eq(colleges.id, collegePrograms.collegeId))
    .where(and(eq(colleges.tourism, true), eq(collegePrograms.hidden, false)))
    .orderBy(asc(collegePrograms.sortOrder), asc(collegePrograms.name))
    .prepare('college_programs_visible');

  return {
    /** Every college in the order the screens list them. */
    list(): Promise<CollegeRow[]> {
      return list.execute();
    },
    /** The visible programs of every tourism college, in their order. */
    tourismPrograms(): Promise<{ collegeId: string; name: string }[]> {
      return visiblePrograms.execute();
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
