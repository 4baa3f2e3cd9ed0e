import type { QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { seasonsOf, useSeasons } from './seasons-query';

/** The URL's search parameter that holds a past season's id, so a reload or a shared link keeps the choice. */
export const SEASON_PARAM = 'season';

export interface SelectedSeason {
  /** The chosen season's id; undefined is the current season, which every call reads without `?season=`. */
  seasonId: string | undefined;
  /**
   * Whether the chosen season is closed (read-only). A chosen id is only ever a past season's, so it counts as
   * closed until the list says otherwise: a write is never offered on a season not known to be open.
   */
  closed: boolean;
  /** Chooses a season; the current one takes the parameter out of the URL. */
  choose: (id: string) => void;
}

/** The season a staff screen shows, as its URL names it. */
export function useSelectedSeason(scope: QueryKey): SelectedSeason {
  const [params, setParams] = useSearchParams();
  const seasons = seasonsOf(useSeasons(scope).data);
  const seasonId = params.get(SEASON_PARAM) ?? undefined;
  const closed =
    seasonId !== undefined && seasons?.find((season) => season.id === seasonId)?.current !== true;

  const choose = useCallback(
    (id: string) => {
      setParams((old) => {
        const next = new URLSearchParams(old);
        if (seasons?.find((season) => season.id === id)?.current) next.delete(SEASON_PARAM);
        else next.set(SEASON_PARAM, id);
        return next;
      });
    },
    [seasons, setParams],
  );

  return { seasonId, closed, choose };
}

/** `path` with `season=<id>` added to its query when a past season is chosen; unchanged for the current one. */
export function withSeason(path: string, seasonId: string | undefined): string {
  if (seasonId === undefined) return path;
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}${SEASON_PARAM}=${encodeURIComponent(seasonId)}`;
}
