import { seasonStartYear } from '@portal/common';

/**
 * Whether `next` may follow `current` as the new admission season: a later academic year. Seasons only move
 * forward, so a typo of last year's name never closes the running season.
 */
export function isLaterSeason(next: string, current: string): boolean {
  const nextStart = seasonStartYear(next);
  const currentStart = seasonStartYear(current);
  if (nextStart === undefined) return false;
  // A current season named outside the pattern (set by hand in the database) is followed by any well-formed year.
  return currentStart === undefined || nextStart > currentStart;
}
