/** Words in the previous page's address that mean the student has just taken the quiz (spec section 4). */
const QUIZ_REFERRER = /quiz|question|exam|اختبار|امتحان/i;

/** True when the referrer looks like the quiz; percent-encoded Arabic is decoded first. */
export function cameFromQuiz(referrer: string): boolean {
  let address = referrer;
  try {
    address = decodeURIComponent(referrer);
  } catch {
    // A malformed escape: test the address as it is.
  }
  return QUIZ_REFERRER.test(address);
}
