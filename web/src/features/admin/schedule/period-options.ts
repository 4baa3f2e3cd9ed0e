import { PERIOD_LABELS } from '@portal/common';

/** The two interview periods as the schedule's dropdowns offer them (spec section 9: 9:00 and 12:00). */
export const PERIOD_OPTIONS = ([9, 12] as const).map((period) => ({
  value: String(period),
  label: PERIOD_LABELS[period],
}));
