import { MESSAGES, type StudentData } from '@portal/common';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { GET_STUDENT, lookups, STUDENT_ID, storeLogin } from '../testing/student-fixtures';
import { arabicWeekday, formatDay, periodLabel } from './student-appointment';

const SOCIAL_WORK: Partial<StudentData> = {
  isComplete: true,
  college: 'كلية الخدمة الاجتماعية',
  socialWork: true,
};

async function openAppointment(...answers: Partial<StudentData>[]) {
  storeLogin();
  const api = mockApi({ [GET_STUDENT]: lookups(...answers) });
  renderApp('/dashboard/studentAppointment');
  // The heading stands from the start; the screen has arrived once the loading spinner has gone.
  await waitFor(() => expect(screen.queryByRole('status', { name: MESSAGES.loading })).toBeNull());
  return api;
}

describe('studentAppointment', () => {
  it('says no date is set yet while the student has no appointment', async () => {
    await openAppointment(SOCIAL_WORK);
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.appointmentNotSet);
    expect(screen.queryByRole('link', { name: /التقويم/ })).toBeNull();
  });

  it('shows the day, the date as dd/MM/yyyy, the morning period and a calendar file', async () => {
    await openAppointment({ ...SOCIAL_WORK, appointed: true, appointedDay: '2026-08-15', appointedHour: 9 });
    expect(screen.getByRole('row', { name: 'اليوم السبت' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'التاريخ 15/08/2026' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'الفترة الفترة الصباحية (9:00)' })).toBeInTheDocument();
    const calendar = screen.getByRole('link', { name: 'إضافة الموعد إلى التقويم (ملف ics)' });
    expect(calendar).toHaveAttribute('href', `/api/v1/students/appointment/${STUDENT_ID}.ics`);
    expect(calendar).toHaveAttribute('download');
  });

  it('shows an evening appointment with its start hour', async () => {
    await openAppointment({ ...SOCIAL_WORK, appointed: true, appointedDay: '2026-09-01', appointedHour: 12 });
    expect(screen.getByRole('row', { name: 'اليوم الثلاثاء' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'الفترة الفترة المسائية (12:00)' })).toBeInTheDocument();
  });

  it('looks the student up again on opening, so an appointment set after login shows', async () => {
    const api = await openAppointment(SOCIAL_WORK, {
      ...SOCIAL_WORK,
      appointed: true,
      appointedDay: '2026-08-15',
      appointedHour: 12,
    });
    await waitFor(() => expect(screen.getByText('الفترة المسائية (12:00)')).toBeInTheDocument());
    expect(api.bodiesOf(GET_STUDENT)).toHaveLength(2);
  });
});

describe('appointment formatting', () => {
  it('writes dates as dd/MM/yyyy with the Arabic weekday of that calendar day', () => {
    expect(formatDay('2026-01-05')).toBe('05/01/2026');
    expect(arabicWeekday('2026-01-05')).toBe('الاثنين');
    expect(arabicWeekday('2026-01-09')).toBe('الجمعة');
  });

  it('calls a 9:00 start the morning period and any other the evening one, with its hour', () => {
    expect(periodLabel(9)).toBe('الفترة الصباحية (9:00)');
    expect(periodLabel(12)).toBe('الفترة المسائية (12:00)');
  });
});
