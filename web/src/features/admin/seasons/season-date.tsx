/**
 * A season's day (opened, closed, images deleted): Arabic month names in the university's time zone with the Latin
 * digits of every staff screen, without the time of day the other staff dates carry, which a season never needs.
 */
const DAY = new Intl.DateTimeFormat('ar-EG-u-nu-latn', {
  timeZone: 'Africa/Cairo',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

export function SeasonDate({ value }: { value: string }) {
  const date = new Date(value);
  return <time dateTime={value}>{Number.isNaN(date.getTime()) ? value : DAY.format(date)}</time>;
}
