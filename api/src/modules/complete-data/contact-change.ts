/** A student's phone number and e-mail as stored. */
export interface Contacts {
  phoneNumber: string | null;
  email: string | null;
}

const samePhone = (a: string | null, b: string | null) => (a?.trim() ?? '') === (b?.trim() ?? '');
const sameEmail = (a: string | null, b: string | null) =>
  (a?.trim().toLowerCase() ?? '') === (b?.trim().toLowerCase() ?? '');

/**
 * The contacts to warn when a save replaces a phone number or e-mail that was on record (issue 33): the ones
 * before it, whole (a step-up code goes to both for 24 hours); null when nothing on record changed. A first
 * phone number or e-mail, where none was on record, is no change.
 */
export function contactChange(before: Contacts, after: Contacts): Contacts | null {
  const phoneChanged = before.phoneNumber?.trim() && !samePhone(before.phoneNumber, after.phoneNumber);
  const emailChanged = before.email?.trim() && !sameEmail(before.email, after.email);
  return phoneChanged || emailChanged ? { phoneNumber: before.phoneNumber, email: before.email } : null;
}
