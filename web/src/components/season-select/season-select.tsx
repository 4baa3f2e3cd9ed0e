import { NativeSelect } from '@mantine/core';
import { MESSAGES, SEASON_MESSAGES, type Season } from '@portal/common';
import type { QueryKey } from '@tanstack/react-query';
import { seasonsOf, useSeasons } from './seasons-query';
import { useSelectedSeason } from './selected-season';

const LABEL = 'العام الدراسي';
const CURRENT = '(الحالي)';
const CHOOSE = 'اختر العام الدراسي';

/** A season as the list names it: the current one says so. */
export function seasonLabel(season: Pick<Season, 'name' | 'current'>): string {
  return season.current ? `${season.name} ${CURRENT}` : season.name;
}

/**
 * The admission season a staff screen shows (issue 21): the current one unless the URL names a past one. A failed
 * list shows its message under the field; the screen goes on showing the season its URL names.
 */
export function SeasonSelect({ scope }: { scope: QueryKey }) {
  const answer = useSeasons(scope).data;
  const seasons = seasonsOf(answer);
  const { seasonId, choose } = useSelectedSeason(scope);
  const value = seasonId ?? seasons?.find((season) => season.current)?.id ?? '';
  const known = seasons?.some((season) => season.id === value) === true;
  const options = (seasons ?? []).map((season) => ({ value: season.id, label: seasonLabel(season) }));

  return (
    <NativeSelect
      size="md"
      label={LABEL}
      value={known ? value : ''}
      data={
        seasons === undefined
          ? [{ value: '', label: answer === undefined ? MESSAGES.loading : CHOOSE }]
          : known
            ? options
            : [{ value: '', label: CHOOSE, disabled: true }, ...options]
      }
      disabled={seasons === undefined}
      error={
        answer?.status === 'error'
          ? answer.message
          : seasons !== undefined && !known
            ? SEASON_MESSAGES.notFound
            : undefined
      }
      errorProps={{ role: 'alert' }}
      onChange={(event) => choose(event.currentTarget.value)}
      w={{ base: '100%', xs: 240 }}
    />
  );
}
