import { describe, expect, it } from 'vitest';
import { appointmentIcs, escapeText, foldLine, periodLabel } from './appointment-ics.js';

const event = {
  studentId: '3f2b8c1e-5d4a-4b7e-9c1d-2a6f8e0b4c3d',
  college: 'كلية الخدمة الاجتماعية',
  day: '2026-08-15',
  hour: 9,
  now: new Date(Date.UTC(2026, 6, 1, 8, 5, 9)),
};

/** The content lines with their folding undone, as a calendar reads them. */
function unfolded(ics: string): string[] {
  return ics.replace(/\r\n /g, '').split('\r\n');
}

describe('appointmentIcs', () => {
  it('writes one floating-time event from the period start, lasting the period, with a reminder', () => {
    const lines = unfolded(appointmentIcs(event));
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
    expect(lines.at(-1)).toBe('');
    expect(lines).toEqual(
      expect.arrayContaining([
        'VERSION:2.0',
        'BEGIN:VEVENT',
        `UID:appointment-${event.studentId}@stAdmission`,
        'DTSTAMP:20260701T080509Z',
        'DTSTART:20260815T090000',
        'DURATION:PT3H',
        'SUMMARY:موعد الاختبار الشخصي - كلية الخدمة الاجتماعية',
        'DESCRIPTION:موعد الاختبار الشخصي\\nالفترة الصباحية (9:00)\\nكلية الخدمة الاجتماعية',
        'LOCATION:كلية الخدمة الاجتماعية',
        'TRIGGER:-P1D',
        'END:VEVENT',
      ]),
    );
  });

  it('starts an evening appointment at 12:00', () => {
    const lines = unfolded(appointmentIcs({ ...event, hour: 12 }));
    expect(lines).toContain('DTSTART:20260815T120000');
    expect(lines.find((line) => line.startsWith('DESCRIPTION:موعد'))).toContain('الفترة المسائية (12:00)');
  });

  it('ends every line with CRLF and keeps every line within 75 octets', () => {
    const ics = appointmentIcs({ ...event, college: 'كلية '.repeat(40) });
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
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
