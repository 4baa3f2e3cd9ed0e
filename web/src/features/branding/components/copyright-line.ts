const ALL_RIGHTS_RESERVED = 'جميع الحقوق محفوظة';

/**
 * "All rights reserved for {holder} © {year}". The preposition ل joins the holder's name; before the article ال
 * Arabic spelling drops the alif (ل + المركز → للمركز).
 */
export function copyrightLine(holder: string | undefined, year: number): string {
  if (!holder) return `${ALL_RIGHTS_RESERVED} © ${year}`;
  const joined = holder.startsWith('ال') ? `لل${holder.slice(2)}` : `ل${holder}`;
  return `${ALL_RIGHTS_RESERVED} ${joined} © ${year}`;
}
