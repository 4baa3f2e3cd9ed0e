import { Alert, Button, Paper, Stack, Table } from '@mantine/core';
import {
  INTERVIEW_DECISION_LABELS,
  type InterviewDecision,
  MESSAGES,
  type StudentData,
} from '@portal/common';
import { useEffect, useRef, useState } from 'react';
import { API_BASE } from '@/lib/api-client';
import { useRefreshStudent } from '@/lib/student-session';
import { type BookingNotice, InterviewBooking } from './interview-booking';
import { useLoadedSession } from './student-guard';

const DAY = 'اليوم';
const DATE = 'التاريخ';
const PERIOD = 'الفترة';
const PLACE = 'المكان';
const DECISION = 'نتيجة الاختبار الشخصي';
const ADD_TO_CALENDAR = 'إضافة الموعد إلى التقويم (ملف ics)';
const BRING = 'احضر في الموعد ومعك استمارة الاختبار الشخصي النهائي وبطاقة الرقم القومي.';

/** 'YYYY-MM-DD' as the screens write dates: dd/MM/yyyy (spec section 9). */
export function formatDay(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${day}/${month}/${year}`;
}

/** The Arabic weekday of a 'YYYY-MM-DD' day, e.g. 'السبت'; the day is a calendar day, not an instant. */
export function arabicWeekday(isoDay: string): string {
  const [year = 0, month = 1, day = 1] = isoDay.split('-').map(Number);
  return new Intl.DateTimeFormat('ar-EG', { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/** Spec section 4: a start at 9:00 is the morning period; any other is the evening one, with its start hour. */
export function periodLabel(hour: number): string {
  return hour === 9 ? 'الفترة الصباحية (9:00)' : `الفترة المسائية (${hour}:00)`;
}

export function appointmentCalendarUrl(studentId: string): string {
  return `${API_BASE}/students/appointment/${encodeURIComponent(studentId)}.ics`;
}

/** The lookup is repeated on opening, so an appointment staff set after login shows without logging in again. */
function useFreshStudent() {
  const refresh = useRefreshStudent();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    void refresh();
  }, [refresh]);
}

export function StudentAppointment() {
  const { studentObj, studentID } = useLoadedSession();
  useFreshStudent();
  return <Appointment student={studentObj} studentId={studentID} />;
}

/**
 * The spec's screen (no appointment: the message; an appointment: its day, date and period) with what issue 18
 * adds: a waiting social-work student books one of the published slots here, a student holding its own booking
 * sees the place and may cancel or move it, and the committee's decision shows once the university publishes it.
 */
function Appointment({ student, studentId }: { student: StudentData; studentId: string }) {
  const { appointed, appointedDay, appointedHour } = student;
  // Kept here, above both views, because a booking or a cancellation swaps one view for the other.
  const [notice, setNotice] = useState<BookingNotice | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The button the student pressed has gone with the view it was in; the answer takes the focus.
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  const noticeBox = notice && (
    <Alert ref={noticeRef} tabIndex={-1} color="teal" variant="light" role="status">
      {notice.message}
    </Alert>
  );
  // Social work interviews its students once their data is complete. Of the appointments, only the student's own
  // booking (the one with a place) is moved or cancelled here: one the staff made is theirs to change.
  const books = student.socialWork && student.isComplete;

  if (!appointed || appointedDay === null || appointedHour === null) {
    return (
      <Stack gap="md">
        {noticeBox}
        <Alert color="university" variant="light" role="status">
          {MESSAGES.appointmentNotSet}
        </Alert>
        {books && <InterviewBooking studentId={studentId} booked={false} onDone={setNotice} />}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {noticeBox}
      {student.interviewDecision && <Decision decision={student.interviewDecision} />}
      <Paper withBorder radius="md">
        <Table verticalSpacing="sm" horizontalSpacing="md">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row" w="40%">
                {DAY}
              </Table.Th>
              <Table.Td>{arabicWeekday(appointedDay)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{DATE}</Table.Th>
              <Table.Td>
                <bdi>{formatDay(appointedDay)}</bdi>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{PERIOD}</Table.Th>
              <Table.Td>{periodLabel(appointedHour)}</Table.Td>
            </Table.Tr>
            {student.appointmentPlace !== null && (
              <Table.Tr>
                <Table.Th scope="row">{PLACE}</Table.Th>
                <Table.Td>
                  <bdi>{student.appointmentPlace}</bdi>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Paper>
      <Alert color="university" variant="light">
        {BRING}
      </Alert>
      <Button
        component="a"
        href={appointmentCalendarUrl(studentId)}
        download
        variant="outline"
        size="md"
        w={{ base: '100%', sm: 'auto' }}
        style={{ alignSelf: 'flex-start' }}
      >
        {ADD_TO_CALENDAR}
      </Button>
      {books && student.appointmentPlace !== null && student.interviewDecision === null && (
        <InterviewBooking studentId={studentId} booked onDone={setNotice} />
      )}
    </Stack>
  );
}

function Decision({ decision }: { decision: InterviewDecision }) {
  return (
    // A standing result, not news: Mantine's default 'alert' role would interrupt a screen reader on every visit.
    <Alert color={decision === 'suitable' ? 'teal' : 'orange'} variant="light" title={DECISION} role="note">
      {INTERVIEW_DECISION_LABELS[decision]}
    </Alert>
  );
}
