import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  COMPLETE_DATA_FIELDS,
  COMPLETE_DATA_LABELS,
  type CompleteDataField,
  formatScheduleDate,
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_EVENT_LABELS,
  NOTIFICATION_STATE_LABELS,
  PERIOD_LABELS,
  type Period,
  PROGRAM_FIELDS,
  SOCIAL_WORK_FIELDS,
  type StudentRecordPage,
  WEEKDAY_NAMES,
  weekdayOf,
} from '@portal/common';
import { type ReactNode, useId } from 'react';
import { DateTime } from '@/components/admin/date-time';
import { TableScroll } from '@/components/table-scroll';
import classes from './student-record.module.css';

type Student = StudentRecordPage['student'];

const EMPTY = '—';
const ENROLLMENT_LABELS: Record<Student['enrollmentStatus'], string> = {
  regular: 'منتظم',
  affiliated: 'منتسب',
  none: 'غير محدد',
};

/** One titled part of the record; its heading names the region for screen-reader navigation. */
export function RecordSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={3} fz="lg" id={titleId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * Label and value pairs. Each value is isolated (`<bdi>`), so an English name, an e-mail or a phone number reads in
 * its own direction without reordering the Arabic around it.
 */
export function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className={classes.facts}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? EMPTY : value}</dd>
        </div>
      ))}
    </dl>
  );
}

const isolated = (value: string | null) => (value ? <bdi>{value}</bdi> : null);

export function ImportedData({ student }: { student: Student }) {
  return (
    <RecordSection title="البيانات المستوردة">
      <Facts
        rows={[
          ['الاسم', student.studentName],
          ['الرقم القومي', isolated(student.nationalID)],
          ['رقم الجلوس', isolated(student.seatNo)],
          ['رقم الموبايل', isolated(student.phoneNumber)],
          ['النوع', student.gender],
          ['الكلية', student.college],
          ['حالة القيد', ENROLLMENT_LABELS[student.enrollmentStatus]],
          ['المجموع الكلي', isolated(student.importedTotalGrade)],
          ['النسبة المئوية', isolated(student.importedPercentage)],
        ]}
      />
    </RecordSection>
  );
}

/** The fields the complete-data form asked this student: family data for social work, programs for tourism. */
function askedFields(student: Student): CompleteDataField[] {
  const skipped = new Set<CompleteDataField>([
    ...(student.socialWork ? [] : SOCIAL_WORK_FIELDS),
    ...(student.tourism ? [] : PROGRAM_FIELDS),
  ]);
  return COMPLETE_DATA_FIELDS.filter((field) => !skipped.has(field) || student.completed[field]);
}

export function CompletedData({ student }: { student: Student }) {
  return (
    <RecordSection title="البيانات المستكملة">
      {student.completedAt ? (
        <Text size="sm" c="dimmed">
          أكمل الطالب بياناته في <DateTime value={student.completedAt} />
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          لم يستكمل الطالب بياناته بعد.
        </Text>
      )}
      <Facts
        rows={askedFields(student).map((field) => [
          COMPLETE_DATA_LABELS[field],
          isolated(student.completed[field] ?? null),
        ])}
      />
    </RecordSection>
  );
}

export function QuizState({ quiz }: { quiz: StudentRecordPage['quiz'] }) {
  return (
    <RecordSection title="الاختبار الإلكتروني">
      <Facts
        rows={[
          ['النتيجة', quiz.isPassed ? 'اجتاز الاختبار' : 'لم يجتز الاختبار بعد'],
          ['عدد المحاولات', String(quiz.attempts)],
        ]}
      />
    </RecordSection>
  );
}

export function Answers({ answers }: { answers: StudentRecordPage['answers'] }) {
  return (
    <RecordSection title="إجابات الأسئلة الإضافية">
      {answers.length === 0 ? (
        <Text c="dimmed">لم يجب الطالب عن الأسئلة الإضافية بعد.</Text>
      ) : (
        <ol className={classes.answers}>
          {answers.map((entry, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two questions may share a wording; the list never reorders.
            <li key={index}>
              <Text fw={600}>{entry.question}</Text>
              <Text>
                <bdi>{Array.isArray(entry.answer) ? entry.answer.join('، ') : entry.answer}</bdi>
              </Text>
              {entry.input && (
                <Text size="sm" c="dimmed">
                  إضافة الطالب: <bdi>{entry.input}</bdi>
                </Text>
              )}
            </li>
          ))}
        </ol>
      )}
    </RecordSection>
  );
}

export function Appointment({ appointment }: { appointment: StudentRecordPage['appointment'] }) {
  const period = appointment?.appointedHour as Period | undefined;
  return (
    <RecordSection title="موعد المقابلة الشخصية">
      {appointment ? (
        <Facts
          rows={[
            [
              'اليوم',
              `${WEEKDAY_NAMES[weekdayOf(appointment.appointedDay)]} ${formatScheduleDate(appointment.appointedDay)}`,
            ],
            [
              'الفترة',
              period && PERIOD_LABELS[period] ? PERIOD_LABELS[period] : String(appointment.appointedHour),
            ],
          ]}
        />
      ) : (
        <Text c="dimmed">لم يحدد للطالب موعد بعد.</Text>
      )}
    </RecordSection>
  );
}

const STUDENT_OR_SYSTEM = 'الطالب أو النظام';

export function History({ history }: { history: StudentRecordPage['history'] }) {
  const captionId = useId();
  return (
    <RecordSection title="سجل الإجراءات">
      {history.length === 0 ? (
        <Text c="dimmed">لا توجد إجراءات مسجلة لهذا الطالب.</Text>
      ) : (
        <TableScroll labelledBy={captionId}>
          <Table striped verticalSpacing="xs" horizontalSpacing="sm" className={classes.historyTable}>
            <Table.Caption id={captionId} className={classes.caption}>
              من قام بماذا ومتى ({history.length})
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">الوقت</Table.Th>
                <Table.Th scope="col">المستخدم</Table.Th>
                <Table.Th scope="col">الإجراء</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.map((entry, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two actions may share a moment; the list never reorders.
                <Table.Tr key={index}>
                  <Table.Td className={classes.nowrap}>
                    <DateTime value={entry.at} />
                  </Table.Td>
                  <Table.Td>{entry.actor ? <bdi>{entry.actor}</bdi> : STUDENT_OR_SYSTEM}</Table.Td>
                  <Table.Td>{entry.label}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </RecordSection>
  );
}

/**
 * The e-mails and text messages sent or queued for the student (issue 17), newest first: what each was about, how
 * it went out, where it stands, and why the last try failed.
 */
export function Notifications({ notifications }: { notifications: StudentRecordPage['notifications'] }) {
  const captionId = useId();
  return (
    <RecordSection title="الرسائل المرسلة إلى الطالب">
      {notifications.length === 0 ? (
        <Text c="dimmed">لم ترسل إلى الطالب رسائل بعد.</Text>
      ) : (
        <TableScroll labelledBy={captionId}>
          <Table striped verticalSpacing="xs" horizontalSpacing="sm" className={classes.notificationsTable}>
            <Table.Caption id={captionId} className={classes.caption}>
              البريد الإلكتروني والرسائل النصية، الأحدث أولا ({notifications.length})
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">الوقت</Table.Th>
                <Table.Th scope="col">الرسالة</Table.Th>
                <Table.Th scope="col">الطريقة</Table.Th>
                <Table.Th scope="col">الحالة</Table.Th>
                <Table.Th scope="col">الخطأ</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {notifications.map((notification) => (
                <Table.Tr key={notification.id}>
                  <Table.Td className={classes.nowrap}>
                    <DateTime value={notification.sentAt ?? notification.createdAt} />
                  </Table.Td>
                  <Table.Td>{NOTIFICATION_EVENT_LABELS[notification.event]}</Table.Td>
                  <Table.Td className={classes.nowrap}>
                    {NOTIFICATION_CHANNEL_LABELS[notification.channel]}
                  </Table.Td>
                  <Table.Td>
                    {NOTIFICATION_STATE_LABELS[notification.state]}
                    {notification.tries > 1 && (
                      <Text span size="sm" c="dimmed">
                        {` (${notification.tries} محاولات)`}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td className={classes.notificationError}>
                    {notification.error ? <bdi>{notification.error}</bdi> : EMPTY}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </RecordSection>
  );
}
