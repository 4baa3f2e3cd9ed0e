import { eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from './pool.js';
import { admissionSeasons, students } from './schema/index.js';

/**
 * Which admission season a query reads (issue 21). `admission_current_season()` (migration 0013) is a stable SQL
 * function: PostgreSQL evaluates it once per statement, so a condition on it still uses the indexes that lead with
 * (college_id, season_id) or (national_id, season_id).
 */
export const inCurrentSeason: SQL = sql`${students.seasonId} = admission_current_season()`;

/** Students of `seasonId`, or of the current season when none is given. */
export function inSeason(seasonId: string | null | undefined): SQL {
  return seasonId ? eq(students.seasonId, seasonId) : inCurrentSeason;
}

/** The same for a prepared statement: the placeholder `seasonId` holds an id, or null for the current season. */
export const inSeasonPlaceholder: SQL = sql`${students.seasonId} = coalesce(${sql.placeholder('seasonId')}::uuid, admission_current_season())`;

/** The current season's name: the academic year the portal shows (the branding, the forms). */
export async function currentSeasonName(db: Database): Promise<string | undefined> {
  const [row] = await db
    .select({ name: admissionSeasons.name })
    .from(admissionSeasons)
    .where(isNull(admissionSeasons.closedAt));
  return row?.name;
}
