import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  type AppointmentEvent,
  appointmentIcs,
  escapeText,
  foldLine,
  periodLabel,
} from './appointment-ics.js';

const event: AppointmentEvent = {
  studentId: '3f2b8c1e-5d4a-4b7e-9c1d-2a6f8e0b4c3d',
  college: 'كلية الخدمة الاجتماعية',
  day: '2026-08-15',
  hour: 9,
  place: null,
  timeZone: 'Africa/Cairo',
  now: new Date(Date.UTC(2026, 6, 1, 8, 5, 9)),
};

/** The file as a calendar program reads it (ical.js, the parser Thunderbird uses): the event and its alarm. */
function parsed(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const vevent = events[0] as ICAL.Component;
  const alarm = vevent.getFirstSubcomponent('valarm');
  return {
    calendar,
    event: new ICAL.Event(vevent),
    vevent,
    trigger: alarm?.getFirstPropertyValue('trigger') as ICAL.Duration | undefined,
    alarmAction: alarm?.getFirstPropertyValue('action'),
  };
}

describe('appointmentIcs, read back with ical.js', () => {
  it('is one event at the period start on the university clock, in UTC, lasting the period', () => {
    const { calendar, event: read, vevent, trigger, alarmAction } = parsed(appointmentIcs(event));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
    expect(read.uid).toBe(`appointment-${event.studentId}@stAdmission`);
    // 9:00 in Cairo in August (summer time, UTC+3) is 06:00 UTC.
    expect(read.startDate.zone?.tzid).toBe('UTC');
    expect(read.startDate.toJSDate().toISOString()).toBe('2026-08-15T06:00:00.000Z');
    expect(read.endDate.toJSDate().toISOString()).toBe('2026-08-15T09:00:00.000Z');
    expect((vevent.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate()).toEqual(event.now);
    expect(read.summary).toBe('موعد الاختبار الشخصي - كلية الخدمة الاجتماعية');
    expect(read.description).toBe('موعد الاختبار الشخصي\nالفترة الصباحية (9:00)\nكلية الخدمة الاجتماعية');
    expect(read.location).toBe('كلية الخدمة الاجتماعية');
    // The reminder: a displayed alarm one day before the start.
    expect(alarmAction).toBe('DISPLAY');
    expect(trigger?.toSeconds()).toBe(-24 * 60 * 60);
  });

  it('uses the offset of the day: winter time in Cairo, and another university zone', () => {
    const winter = parsed(appointmentIcs({ ...event, day: '2026-12-15', hour: 12 })).event;
    expect(winter.startDate.toJSDate().toISOString()).toBe('2026-12-15T10:00:00.000Z');
    const riyadh = parsed(appointmentIcs({ ...event, timeZone: 'Asia/Riyadh' })).event;
    expect(riyadh.startDate.toJSDate().toISOString()).toBe('2026-08-15T06:00:00.000Z');
    const newYork = parsed(appointmentIcs({ ...event, timeZone: 'America/New_York' })).event;
    expect(newYork.startDate.toJSDate().toISOString()).toBe('2026-08-15T13:00:00.000Z');
  });

  it("is at the booked slot's place, with the place in the description too, escaped as TEXT", () => {
    const place = 'قاعة 3، الدور الثاني; مبنى ب, بجوار المكتبة';
    const { event: read } = parsed(appointmentIcs({ ...event, place }));
    expect(read.location).toBe(place);
    expect(read.description).toBe(
      `موعد الاختبار الشخصي\nالفترة الصباحية (9:00)\n${place}\nكلية الخدمة الاجتماعية`,
    );
  });

  it('starts an evening appointment at 12:00 on the university clock', () => {
    const read = parsed(appointmentIcs({ ...event, hour: 12 }));
    expect(read.event.startDate.toJSDate().toISOString()).toBe('2026-08-15T09:00:00.000Z');
    expect(read.event.description).toContain('الفترة المسائية (12:00)');
  });

  it('ends every line with CRLF and keeps every line within 75 octets, and still parses whole', () => {
    const college = 'كلية '.repeat(40).trim();
    const ics = appointmentIcs({ ...event, college, place: 'قاعة '.repeat(20).trim() });
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(parsed(ics).event.summary).toBe(`موعد الاختبار الشخصي - ${college}`);
  });
});

describe('foldLine', () => {
  it('leaves a short line alone and folds a long one without splitting a character', () => {
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
    const long = `SUMMARY:${'ع'.repeat(100)}`;
    const folded = foldLine(long);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    expect(folded).not.toContain('\uFFFD');
    expect(folded.split('\r\n ').length).toBeGreaterThan(2);
  });
});

describe('escapeText', () => {
  it('escapes backslash, semicolon, comma and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });
});

describe('periodLabel', () => {
  it('names 9:00 the morning period and any other start the evening one, with its hour', () => {
    expect(periodLabel(9)).toBe('الفترة الصباحية (9:00)');
    expect(periodLabel(12)).toBe('الفترة المسائية (12:00)');
  });
});
