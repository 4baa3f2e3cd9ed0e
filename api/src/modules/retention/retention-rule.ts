const DAY_MS = 24 * 60 * 60 * 1000;

/** What the rule needs of an admission season. */
export interface SeasonRetentionState {
  closedAt: Date | null;
  imagesDeletedAt: Date | null;
}

/**
 * Whether a season's images are due for deletion: the season closed at least `retentionDays` whole days ago and
 * its images are not deleted yet. The current season (not closed) never is; `retentionDays` 0 keeps every
 * image forever.
 */
export function imagesDueForDeletion(
  season: SeasonRetentionState,
  retentionDays: number,
  now: Date,
): boolean {
  if (retentionDays === 0 || season.closedAt === null || season.imagesDeletedAt !== null) return false;
  return now.getTime() - season.closedAt.getTime() >= retentionDays * DAY_MS;
}
