import { normalizeDigits } from './digits.js';

// Qualification year: two years joined as 'first/second', e.g. '2025/2026'.

/** Joins the two qualification-year inputs into the wire value 'first/second' (digits normalised). */
export function joinQualificationYear(first: string, second: string): string {
  return `${normalizeDigits(first)}/${normalizeDigits(second)}`;
}

/** Splits a stored or typed 'first/second' into its two parts ('' for a missing part). */
export function splitQualificationYear(value: string | null | undefined): [string, string] {
  const [first = '', second = ''] = normalizeDigits(value ?? '').split('/');
  return [first, second];
}
