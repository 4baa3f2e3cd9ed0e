import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import {
  addDays,
  appointedMessage,
  appointFormSchema,
  appointStudentsRequestSchema,
  exportAppointedStudentsParamsSchema,
  formatScheduleDate,
  isIsoDate,
  nextSchedulingDay,
  SCHEDULING_MAX_STUDENTS,
  schedulingDayProblem,
  weekdayOf,
} from './scheduling.js';

const FRI_SAT = [5, 6];

/** The first message of a failed parse. */
function messageOf(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('dates', () => {
  it.each(['2026-09-15', '2028-02-29', '2000-01-01', '2100-12-31'])('accepts %s', (date) => {
    expect(isIsoDate(date)).toBe(true);
  });

  it.each([
    '2026-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-04-31',
    '15/09/2026',
    '2026-9-15',
    '2026-09-15T00:00',
    '1999-12-31',
    '2101-01-01',
    '',
    '٢٠٢٦-٠٩-١٥',
  ])('refuses %s', (date) => {
    expect(isIsoDate(date)).toBe(false);
  });

  it('reads and shows dates as dd/MM/yyyy', () => {
    expect(formatScheduleDate('2026-09-05')).toBe('05/09/2026');
  });

  it('finds the weekday without the machine time zone', () => {
    expect(weekdayOf('2026-09-18')).toBe(5); // a Friday
    expect(weekdayOf('2026-09-19')).toBe(6);
    expect(weekdayOf('2026-09-20')).toBe(0);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});

describe('schedulingDayProblem', () => {
  const today = '2026-09-16'; // a Wednesday

  it('allows today and later working days', () => {
    expect(schedulingDayProblem(today, today, FRI_SAT)).toBeUndefined();
    expect(schedulingDayProblem('2026-09-17', today, FRI_SAT)).toBeUndefined();
    expect(schedulingDayProblem('2026-09-20', today, FRI_SAT)).toBeUndefined();
  });

  it('refuses a day that has passed', () => {
    expect(schedulingDayProblem('2026-09-15', today, FRI_SAT)).toBe(MESSAGES.scheduleDateInPast);
    expect(schedulingDayProblem('2025-12-31', today, FRI_SAT)).toBe(MESSAGES.scheduleDateInPast);
  });

  it('refuses a weekend day, naming it', () => {
    expect(schedulingDayProblem('2026-09-18', today, FRI_SAT)).toBe('يوم الجمعة عطلة، اختر يوما آخر');
    expect(schedulingDayProblem('2026-09-19', today, FRI_SAT)).toBe('يوم السبت عطلة، اختر يوما آخر');
  });

  it('follows the configured weekend', () => {
    expect(schedulingDayProblem('2026-09-18', today, [])).toBeUndefined();
    expect(schedulingDayProblem('2026-09-20', today, [0])).toBe('يوم الأحد عطلة، اختر يوما آخر');
  });

  it('finds the next day students can be appointed', () => {
    expect(nextSchedulingDay('2026-09-16', FRI_SAT)).toBe('2026-09-16');
    expect(nextSchedulingDay('2026-09-18', FRI_SAT)).toBe('2026-09-20');
    expect(nextSchedulingDay('2026-09-18', [0, 1, 2, 3, 4, 5, 6])).toBe('2026-09-25');
  });
});

describe('appointedMessage', () => {
  it('says how many were scheduled, when and in which period', () => {
    expect(appointedMessage(3, 3, '2026-09-17', 9)).toBe(
      'تمت جدولة 3 طلاب يوم 17/09/2026 في الفترة الصباحية (9:00)',
    );
    expect(appointedMessage(1, 1, '2026-09-17', 12)).toBe(
      'تمت جدولة طالب واحد يوم 17/09/2026 في الفترة المسائية (12:00)',
    );
  });

  it('says so when fewer students were waiting than asked for', () => {
    expect(appointedMessage(2, 10, '2026-09-17', 9)).toBe(
      'عدد الطلاب المنتظرين أقل من العدد المطلوب (10): تمت جدولة طالبين فقط يوم 17/09/2026 في الفترة الصباحية (9:00)',
    );
  });
});

describe('appointStudentsRequestSchema', () => {
  const parse = (body: unknown) => appointStudentsRequestSchema.safeParse(body);

  it('reads a request, periods and counts as numbers or text', () => {
    expect(parse({ date: '2026-09-17', period: 9, NumOfStudents: 3 })).toMatchObject({
      success: true,
      data: { date: '2026-09-17', period: 9, NumOfStudents: 3 },
    });
    expect(parse({ date: '2026-09-17', period: '12', NumOfStudents: ' ١٢ ' })).toMatchObject({
      success: true,
      data: { period: 12, NumOfStudents: 12 },
    });
    expect(parse({ date: '2026-09-17', period: 9, NumOfStudents: SCHEDULING_MAX_STUDENTS }).success).toBe(
      true,
    );
  });

  it.each([
    [{ period: 9, NumOfStudents: 3 }, MESSAGES.scheduleDateRequired],
    [{ date: '', period: 9, NumOfStudents: 3 }, MESSAGES.scheduleDateRequired],
    [{ date: '17/09/2026', period: 9, NumOfStudents: 3 }, MESSAGES.scheduleDateInvalid],
    [{ date: '2026-02-30', period: 9, NumOfStudents: 3 }, MESSAGES.scheduleDateInvalid],
    [{ date: 20260917, period: 9, NumOfStudents: 3 }, MESSAGES.scheduleDateInvalid],
    [{ date: '2026-09-17', NumOfStudents: 3 }, MESSAGES.schedulePeriodRequired],
    [{ date: '2026-09-17', period: '', NumOfStudents: 3 }, MESSAGES.schedulePeriodRequired],
    [{ date: '2026-09-17', period: 10, NumOfStudents: 3 }, MESSAGES.schedulePeriodInvalid],
    [{ date: '2026-09-17', period: '09', NumOfStudents: 3 }, MESSAGES.schedulePeriodInvalid],
    [{ date: '2026-09-17', period: 9 }, MESSAGES.numOfStudentsRequired],
    [{ date: '2026-09-17', period: 9, NumOfStudents: '' }, MESSAGES.numOfStudentsRequired],
    [{ date: '2026-09-17', period: 9, NumOfStudents: '   ' }, MESSAGES.numOfStudentsRequired],
    [{ date: '2026-09-17', period: 9, NumOfStudents: 0 }, MESSAGES.numOfStudentsInvalid],
    [{ date: '2026-09-17', period: 9, NumOfStudents: -5 }, MESSAGES.numOfStudentsInvalid],
    [{ date: '2026-09-17', period: 9, NumOfStudents: '-5' }, MESSAGES.numOfStudentsInvalid],
    [{ date: '2026-09-17', period: 9, NumOfStudents: 2.5 }, MESSAGES.numOfStudentsInvalid],
    [{ date: '2026-09-17', period: 9, NumOfStudents: 2001 }, MESSAGES.numOfStudentsInvalid],
    [{ date: '2026-09-17', period: 9, NumOfStudents: 1e21 }, MESSAGES.numOfStudentsInvalid],
    [{ date: '2026-09-17', period: 9, NumOfStudents: '3e2' }, MESSAGES.numOfStudentsInvalid],
    [{ date: '2026-09-17', period: 9, NumOfStudents: true }, MESSAGES.numOfStudentsInvalid],
  ])('refuses %o: %s', (body, message) => {
    expect(messageOf(parse(body))).toBe(message);
  });

  it('the form checks the same fields without the date', () => {
    expect(messageOf(appointFormSchema.safeParse({ period: '9', NumOfStudents: '' }))).toBe(
      MESSAGES.numOfStudentsRequired,
    );
  });

  it('reads the print path', () => {
    expect(
      exportAppointedStudentsParamsSchema.parse({ date: '2026-09-17', period: '12', token: 'x' }),
    ).toEqual({ date: '2026-09-17', period: 12, token: 'x' });
    expect(
      messageOf(
        exportAppointedStudentsParamsSchema.safeParse({ date: '2026-09-17', period: '7', token: 'x' }),
      ),
    ).toBe(MESSAGES.schedulePeriodInvalid);
  });

  it('mentions the cap in its message', () => {
    expect(MESSAGES.numOfStudentsInvalid).toContain(String(SCHEDULING_MAX_STUDENTS));
  });
});
