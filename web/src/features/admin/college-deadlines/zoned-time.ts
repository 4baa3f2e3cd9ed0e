/**
 * A deadline is entered and shown on the university's clock (its IANA zone from the branding call), whatever the
 * zone of the computer the staff member uses, and stored as an instant.
 */

/** A moment as a clock on the wall shows it: `YYYY-MM-DD` and `HH:mm` (24 hours). */
export interface WallClock {
  date: string;
  time: string;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const clocks = new Map<string, Intl.DateTimeFormat>();

function clockIn(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** The zone's clock at `ms` (seconds dropped), as numbers. */
function fieldsAt(ms: number, timeZone: string) {
  const parts = Object.fromEntries(
    clockIn(timeZone)
      .formatToParts(new Date(ms))
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

/** Minutes the zone's clock is ahead of UTC at `ms` (Cairo: 120 in winter, 180 in summer). */
function offsetMinutes(ms: number, timeZone: string): number {
  const { year, month, day, hour, minute } = fieldsAt(ms, timeZone);
  const shown = Date.UTC(year, month - 1, day, hour, minute);
  return Math.round((shown - Math.floor(ms / MINUTE_MS) * MINUTE_MS) / MINUTE_MS);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** What the zone's clock shows at an instant (ISO-8601). */
export function wallClockOf(instant: string, timeZone: string): WallClock {
  const { year, month, day, hour, minute } = fieldsAt(Date.parse(instant), timeZone);
  return { date: `${year}-${pad(month)}-${pad(day)}`, time: `${pad(hour)}:${pad(minute)}` };
}

/**
 * The instant the zone's clock shows `date` at `time`, as ISO-8601 with the zone's offset at that moment
 * (`2026-12-01T23:59:00+02:00` for Cairo), so the server stores the moment meant whatever this computer's zone.
 * Null when that clock never shows it: the hour skipped when summer time starts. Of the hour shown twice when it
 * ends, the first.
 */
export function instantOnWallClock(date: string, time: string, timeZone: string): string | null {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // A zone's offset changes at most once within a day or so: the offsets a day either side are the candidates.
  const offsets = new Set([offsetMinutes(asUtc - DAY_MS, timeZone), offsetMinutes(asUtc + DAY_MS, timeZone)]);
  const matches = [...offsets]
    .map((offset) => ({ offset, ms: asUtc - offset * MINUTE_MS }))
    .filter(({ ms }) => {
      const shown = wallClockOf(new Date(ms).toISOString(), timeZone);
      return shown.date === date && shown.time === time;
    })
    .sort((a, b) => a.ms - b.ms);
  const first = matches[0];
  if (!first) return null;
  const sign = first.offset < 0 ? '-' : '+';
  const size = Math.abs(first.offset);
  return `${date}T${time}:00${sign}${pad(Math.floor(size / 60))}:${pad(size % 60)}`;
}
