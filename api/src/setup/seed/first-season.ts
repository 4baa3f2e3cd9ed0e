import { sql } from 'drizzle-orm';
import type { Database } from '../../db/pool.js';

/**
 * While the portal has only its first admission season (issue 21), that season is named by ACADEMIC_YEAR (or the
 * year config/branding.ts derives from the date), as the academic year was named before seasons existed. Once a
 * super admin has opened a second season, names are the seasons screen's business and a start changes none.
 */
export async function nameFirstSeason(db: Database, academicYear: string): Promise<void> {
  await db.execute(sql`
    WITH renamed AS (
      UPDATE admission_seasons SET name = ${academicYear}
      WHERE name <> ${academicYear} AND (SELECT count(*) FROM admission_seasons) = 1
      RETURNING id
    )
    UPDATE content_versions SET version = version + 1
    WHERE kind = 'seasons' AND EXISTS (SELECT 1 FROM renamed)`);
}
