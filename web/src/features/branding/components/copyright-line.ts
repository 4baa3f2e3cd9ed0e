export const ALL_RIGHTS_RESERVED = 'جميع الحقوق محفوظة';

/**
 * The holder's name after the preposition ل, as in "All rights reserved for {holder}". Before the article ال
 * Arabic spelling drops the alif (ل + المركز → للمركز).
 */
export function forHolder(holder: string): string {
  return holder.startsWith('ال') ? `لل${holder.slice(2)}` : `ل${holder}`;
}
