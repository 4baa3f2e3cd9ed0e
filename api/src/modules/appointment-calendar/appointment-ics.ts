import type { Period } from '@portal/common';
import { periodStart } from '../interviews/index.js';

/**
 * The personal-interview appointment as an iCalendar file (RFC 5545), so a student can add it to a phone's
 * calendar. The start is written in UTC, computed from the period's start on the university's clock
 * (`UNIVERSITY_TIMEZONE`): every calendar reads a UTC time the same way, where a `TZID` needs a VTIMEZONE
 * that the file would have to carry and keep right through daylight-saving changes (Outlook uses the file's
 * rules, Google and Apple their own), and a floating time would move with a phone set to another zone.
 */

export interface AppointmentEvent {
  studentId: string;
  college: string;
  /** 'YYYY-MM-DD'. */
  day: string;
  /** The period's start hour: 9 (morning) or 12 (evening). */
  hour: Period;
  /** The booked slot's place (issue 18), or null for an appointment without one. */
  place: string | null;
  /** The university's IANA time zone, in which the period starts at `hour`:00. */
  timeZone: string;
  /** When the file is made (DTSTAMP). */
  now: Date;
}

/** How long a period lasts, in hours: the interview happens somewhere within it. */
export const PERIOD_HOURS = 3;
const SUMMARY = 'موعد الاختبار الشخصي';
const REMINDER = 'تذكير: موعد الاختبار الشخصي غدا';

/** 'الفترة الصباحية (9:00)' or 'الفترة المسائية (12:00)', as the student screens say it. */
export function periodLabel(hour: number): string {
  return hour === 9 ? 'الفترة الصباحية (9:00)' : `الفترة المسائية (${hour}:00)`;
}

/** TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 section 3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const MAX_LINE_OCTETS = 75;

/** Splits a content line into lines of at most 75 octets, never inside a character (RFC 5545 section 3.1). */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // Continuation lines begin with a space, which counts towards their 75 octets.
    const limit = lines.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      lines.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join('\r\n ');
}

const pad = (value: number) => String(value).padStart(2, '0');

function utcStamp(date: Date): string {
  return (
    `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}T` +
    `${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`
  );
}

/**
 * The calendar file: one event from the period's start, lasting the period, at the booked place (else the
 * college), with a reminder the day before.
 */
export function appointmentIcs(event: AppointmentEvent): string {
  const period = periodLabel(event.hour);
  const where = event.place ? `${event.place}\n` : '';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//stAdmission//student appointment//AR',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    // One appointment per student: the same UID, so importing a changed appointment replaces the old one.
    `UID:appointment-${event.studentId}@stAdmission`,
    `DTSTAMP:${utcStamp(event.now)}`,
    `DTSTART:${utcStamp(periodStart(event.day, event.hour, event.timeZone))}`,
    `DURATION:PT${PERIOD_HOURS}H`,
    `SUMMARY:${escapeText(`${SUMMARY} - ${event.college}`)}`,
    `DESCRIPTION:${escapeText(`${SUMMARY}\n${period}\n${where}${event.college}`)}`,
    `LOCATION:${escapeText(event.place ?? event.college)}`,
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    'TRIGGER:-P1D',
    `DESCRIPTION:${escapeText(REMINDER)}`,
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
