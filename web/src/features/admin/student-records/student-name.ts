import { STUDENT_NAME_WORDS_SHOWN } from '@portal/common';

/** The list shows a name's first four words (spec section 9); the full name stays available to read. */
export function shortName(name: string): string {
  return name.trim().split(/\s+/).slice(0, STUDENT_NAME_WORDS_SHOWN).join(' ');
}
