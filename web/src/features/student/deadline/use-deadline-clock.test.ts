import { deadlineCountdown } from '@portal/common';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDeadlineClock } from './use-deadline-clock';

const DEADLINE = '2026-12-01T21:30:00.000Z';
const minutesBefore = (minutes: number) => new Date(Date.parse(DEADLINE) - minutes * 60_000);

afterEach(() => {
  vi.useRealTimers();
});

describe('the clock of a screen that shows a deadline', () => {
  it('is read again just after each minute of the time left turns, and no more once the deadline has passed', async () => {
    vi.useFakeTimers({ now: minutesBefore(90.5), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { result } = renderHook(() => useDeadlineClock(DEADLINE));
    const minutesLeft = () => deadlineCountdown(DEADLINE, result.current)?.minutes;
    expect(minutesLeft()).toBe(30);

    // At 90 minutes left exactly, the countdown still says 1 hour 30 minutes; a millisecond later it turns.
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(minutesLeft()).toBe(30);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(minutesLeft()).toBe(29);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(minutesLeft()).toBe(28);

    for (let minute = 0; minute < 89; minute++) await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(result.current.getTime()).toBeGreaterThan(Date.parse(DEADLINE));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sets no timer without a deadline, nor for one that is not a date', () => {
    vi.useFakeTimers({ now: minutesBefore(10), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    renderHook(() => useDeadlineClock(null));
    renderHook(() => useDeadlineClock('not a date'));
    expect(vi.getTimerCount()).toBe(0);
  });
});
