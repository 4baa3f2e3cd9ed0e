import { type Season, seasonStartYear } from '@portal/common';

/** The season after the current one ('2026/2027' → '2027/2028'); empty when there is none to go by. */
export function nextSeasonName(current: Pick<Season, 'name'> | undefined): string {
  const start = current ? seasonStartYear(current.name) : undefined;
  return start === undefined ? '' : `${start + 1}/${start + 2}`;
}
