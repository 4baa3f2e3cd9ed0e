/**
 * Dates as staff read them: Arabic month names in the university's time zone, whatever the computer's, with the
 * Latin digits every other screen of the portal uses (national IDs, counts, pages).
 */
const DATE_TIME = new Intl.DateTimeFormat('ar-EG-u-nu-latn', {
  timeZone: 'Africa/Cairo',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
}

/** A moment as a `<time>`, so its exact value stays machine-readable beside the Arabic text. */
export function DateTime({ value }: { value: string }) {
  return <time dateTime={value}>{formatDateTime(value)}</time>;
}
