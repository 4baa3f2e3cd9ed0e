import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/pool.js';
import { collegePrograms, colleges } from '../../db/schema.js';

export function collegesRepository(db: Database) {
  const listNames = db
    .select({ name: colleges.name })
    .from(colleges)
    .orderBy(asc(colleges.sortOrder), asc(colleges.name))
    .prepare('colleges_list_names');

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
    async names(): Promise<string[]> {
      return (await listNames.execute()).map((row) => row.name);
    },
    async findByName(name: string) {
      return (await findByName.execute({ name }))[0];
    },
    async programNames(collegeId: string): Promise<string[]> {
      return (await listPrograms.execute({ collegeId })).map((row) => row.name);
    },
  };
}
export type CollegesRepository = ReturnType<typeof collegesRepository>;
