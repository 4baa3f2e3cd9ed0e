import { MESSAGES } from '@portal/common';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.js';
import type { SchedulingRepository } from './scheduling.repository.js';
import {
  compareWaiting,
  needsAnotherRound,
  pickForAppointment,
  universityToday,
  type WaitingStudent,
} from './scheduling.rules.js';
import { schedulingService } from './scheduling.service.js';

describe('universityToday', () => {
  it("is the university's date, not the machine's", () => {
    // 22:30 UTC on 16 September is already 17 September in Cairo (UTC+3 in summer).
    const lateEvening = new Date('2026-09-16T22:30:00Z');
    expect(universityToday(lateEvening, 'Africa/Cairo')).toBe('2026-09-17');
    expect(universityToday(lateEvening, 'UTC')).toBe('2026-09-16');
    expect(universityToday(new Date('2026-01-15T21:59:00Z'), 'Africa/Cairo')).toBe('2026-01-15');
    expect(universityToday(new Date('2026-01-15T22:00:00Z'), 'Africa/Cairo')).toBe('2026-01-16');
  });
});

const student = (id: string, completedAt: string | null): WaitingStudent => ({
  id,
  completedAt: completedAt === null ? null : new Date(completedAt),
});

describe('the selection order', () => {
  const a = student('00000000-0000-4000-8000-00000000000a', '2026-07-01T10:00:00Z');
  const b = student('00000000-0000-4000-8000-00000000000b', '2026-07-01T09:00:00Z');
  const c = student('00000000-0000-4000-8000-00000000000c', '2026-07-01T09:00:00Z');
  const undated = student('00000000-0000-4000-8000-000000000001', null);

  it('puts the earliest to complete first, ties by id, undated last', () => {
    expect([a, undated, c, b].sort(compareWaiting)).toEqual([b, c, a, undated]);
  });

  it('picks the first N, all when fewer are waiting, none for zero', () => {
    expect(pickForAppointment([a, undated, c, b], 2)).toEqual([b, c]);
    expect(pickForAppointment([a, b], 5)).toEqual([b, a]);
    expect(pickForAppointment([a, b], 0)).toEqual([]);
  });

  it('runs another round only when a round lost students to a concurrent call and more are due', () => {
    expect(needsAnotherRound({ picked: 10, inserted: 10 }, 0)).toBe(false);
    expect(needsAnotherRound({ picked: 4, inserted: 4 }, 6)).toBe(false); // no more waiting
    expect(needsAnotherRound({ picked: 10, inserted: 7 }, 3)).toBe(true);
    expect(needsAnotherRound({ picked: 0, inserted: 0 }, 10)).toBe(false);
  });
});

describe('configuration', () => {
  it('defaults to Cairo and a Friday-Saturday weekend', () => {
    const config = loadConfig({});
    expect(config.universityTimeZone).toBe('Africa/Cairo');
    expect(config.interviewWeekendDays).toEqual([5, 6]);
  });

  it('reads INTERVIEW_WEEKEND_DAYS and UNIVERSITY_TIMEZONE', () => {
    expect(loadConfig({ INTERVIEW_WEEKEND_DAYS: ' 6, 5 ,6' }).interviewWeekendDays).toEqual([5, 6]);
    expect(loadConfig({ INTERVIEW_WEEKEND_DAYS: '0' }).interviewWeekendDays).toEqual([0]);
    expect(loadConfig({ INTERVIEW_WEEKEND_DAYS: 'none' }).interviewWeekendDays).toEqual([]);
    expect(loadConfig({ UNIVERSITY_TIMEZONE: 'Asia/Riyadh' }).universityTimeZone).toBe('Asia/Riyadh');
  });

  it.each([
    [{ INTERVIEW_WEEKEND_DAYS: '7' }, 'INTERVIEW_WEEKEND_DAYS'],
    [{ INTERVIEW_WEEKEND_DAYS: 'fri,sat' }, 'INTERVIEW_WEEKEND_DAYS'],
    [{ UNIVERSITY_TIMEZONE: 'Mars/Olympus' }, 'UNIVERSITY_TIMEZONE'],
  ])('refuses %o', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(variable);
  });
});

describe('the day rules in the service', () => {
  const untouched = () => {
    throw new Error('the database must not be reached');
  };
  const repository = {
    counts: untouched,
    appointRound: untouched,
    scheduledStudents: untouched,
    transaction: untouched,
  } as unknown as SchedulingRepository;
  const service = schedulingService({
    repository,
    audit: async () => undefined,
    timeZone: 'Africa/Cairo',
    weekendDays: [5, 6],
    now: () => new Date('2026-09-16T22:30:00Z'), // Thursday 17 September in Cairo
  });
  const staff = { id: '00000000-0000-4000-8000-000000000000', userName: 'social' };
  const appoint = (date: string) =>
    service.appoint(staff, { date, period: 9, NumOfStudents: 3 }, { ip: '127.0.0.1' });

  it("refuses the university's yesterday although the machine's clock still reads that day", async () => {
    await expect(appoint('2026-09-16')).rejects.toMatchObject({
      statusCode: 400,
      message: MESSAGES.scheduleDateInPast,
    });
  });

  it('refuses the weekend before touching the database', async () => {
    await expect(appoint('2026-09-18')).rejects.toMatchObject({
      statusCode: 400,
      message: 'يوم الجمعة عطلة، اختر يوما آخر',
    });
  });
});
