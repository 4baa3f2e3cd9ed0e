const ARABIC_INDIC_ZERO = 0x0660;
const PERSIAN_ZERO = 0x06f0;

/**
 * Zero-width and direction marks (and the soft hyphen) that a number copied from right-to-left text carries
 * invisibly; the student list reader removes the same ones from its cells.
 */
export const INVISIBLE_MARKS = /[\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;

/**
 * Normalises a number typed by a person: trims, removes every white space (phones are often typed in groups)
 * and every invisible mark (copied along from Arabic text), and turns Arabic-Indic (٠-٩) and Persian (۰-۹)
 * digits into ASCII ones.
 */
export function normalizeDigits(input: string): string {
  return input
    .replace(/\s+/g, '')
    .replace(INVISIBLE_MARKS, '')
    .replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => {
      const code = digit.charCodeAt(0);
      const base = code >= PERSIAN_ZERO ? PERSIAN_ZERO : ARABIC_INDIC_ZERO;
      return String(code - base);
    });
}
