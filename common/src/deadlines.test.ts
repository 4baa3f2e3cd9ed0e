import { describe, expect, it } from 'vitest';
import {
  collegeDeadlineRequestSchema,
  countdownText,
  DEADLINE_MESSAGES,
  deadlineCountdown,
  deadlinePassed,
  deadlineReminderDue,
  formatDeadline,
} from './deadlines.js';

const DEADLINE = '2026-12-01T21:59:00.000Z';
const hoursBefore = (hours: number) => new Date(Date.parse(DEADLINE) - hours * 3_600_000);

describe('a college data deadline', () => {
  it('is sent as an ISO-8601 instant with its offset, kept in UTC, or null to clear it', () => {
    expect(collegeDeadlineRequestSchema.parse({ dataDeadline: '2026-12-01T23:59:00+02:00' })).toEqual({
      dataDeadline: DEADLINE,
    });
    expect(collegeDeadlineRequestSchema.parse({ dataDeadline: null })).toEqual({ dataDeadline: null });
  });

  it.each([
    ['a date without a time', '2026-12-01'],
    ['a time without an offset', '2026-12-01T23:59:00'],
    ['a day that does not exist', '2026-02-30T10:00:00Z'],
    ['words', 'next week'],
    ['a number', 1764626340000],
    ['nothing', undefined],
  ])('refuses %s with the Arabic message', (_name, dataDeadline) => {
    const result = collegeDeadlineRequestSchema.safeParse({ dataDeadline });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(DEADLINE_MESSAGES.deadlineInvalid);
  });

  it('refuses fields it does not know', () => {
    expect(collegeDeadlineRequestSchema.safeParse({ dataDeadline: null, name: 'x' }).success).toBe(false);
  });

  it('has passed from its very instant on', () => {
    expect(deadlinePassed(DEADLINE, hoursBefore(0.001))).toBe(false);
    expect(deadlinePassed(DEADLINE, new Date(DEADLINE))).toBe(true);
    expect(deadlinePassed(null, new Date('2100-01-01'))).toBe(false);
  });

  it('counts down only in its last three days', () => {
    expect(deadlineCountdown(DEADLINE, hoursBefore(72.01))).toBeNull();
    expect(deadlineCountdown(DEADLINE, hoursBefore(72))).toEqual({ days: 3, hours: 0, minutes: 0 });
    expect(deadlineCountdown(DEADLINE, hoursBefore(26.5))).toEqual({ days: 1, hours: 2, minutes: 30 });
    expect(deadlineCountdown(DEADLINE, new Date(DEADLINE))).toBeNull();
    expect(deadlineCountdown(null, hoursBefore(1))).toBeNull();
  });

  it('says the time left in Arabic', () => {
    expect(countdownText({ days: 2, hours: 5, minutes: 10 })).toBe('متبقٍ يومان و5 ساعات');
    expect(countdownText({ days: 1, hours: 1, minutes: 0 })).toBe('متبقٍ يوم واحد وساعة واحدة');
    expect(countdownText({ days: 2, hours: 19, minutes: 0 })).toBe('متبقٍ يومان و19 ساعة');
    expect(countdownText({ days: 3, hours: 0, minutes: 0 })).toBe('متبقٍ 3 أيام');
    expect(countdownText({ days: 0, hours: 2, minutes: 7 })).toBe('متبقٍ ساعتان و7 دقائق');
    expect(countdownText({ days: 0, hours: 0, minutes: 45 })).toBe('متبقٍ 45 دقيقة');
    expect(countdownText({ days: 0, hours: 0, minutes: 0 })).toBe('متبقٍ 0 دقائق');
  });

  it('reminds three days ahead, then one day ahead, and not after it', () => {
    expect(deadlineReminderDue(DEADLINE, hoursBefore(80))).toBeNull();
    expect(deadlineReminderDue(DEADLINE, hoursBefore(71))).toBe(3);
    expect(deadlineReminderDue(DEADLINE, hoursBefore(23))).toBe(1);
    expect(deadlineReminderDue(DEADLINE, new Date(DEADLINE))).toBeNull();
  });

  it('is shown on the university clock', () => {
    expect(formatDeadline(DEADLINE, 'Africa/Cairo')).toBe('الثلاثاء، 1 ديسمبر 2026 في 11:59 م');
    expect(formatDeadline(DEADLINE, 'UTC')).toContain('9:59 م');
  });
});
