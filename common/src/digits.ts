const ARABIC_INDIC_ZERO = 0x0660;
const PERSIAN_ZERO = 0x06f0;

/**
 * Normalises a number typed by a person: trims, removes every white space (phones are often typed in groups)
 * and turns Arabic-Indic (٠-٩) and Persian (۰-۹) digits into ASCII ones.
 */
export function normalizeDigits(input: string): string {
  return input.replace(/\s+/g, '').replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    const base = code >= PERSIAN_ZERO ? PERSIAN_ZERO : ARABIC_INDIC_ZERO;
    return String(code - base);
  });
}
