import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { STUDENT_DATA_STATUS, type StudentRecordPage } from '@portal/common';
import { type ReactNode, useEffect, useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { queueFrom, queuePageSearch, type ReviewQueuePage } from '@/components/admin/api/review-queue';
import { DateTime } from '@/components/admin/date-time';
import { DocumentsStatusBadge } from '@/components/admin/documents-status-badge';
import { NoAccess } from '@/components/admin/no-access';
import { useStaffErrorHandler, useStaffSession } from '@/components/admin/staff-session';
import { studentRecordPath } from '@/components/admin/student-record-path';
import { Button } from '@/components/button';
import { PageSpinner } from '@/components/page-spinner';
import { ClosedSeasonNotice } from '@/components/season-select/closed-season-notice';
import { seasonLabel } from '@/components/season-select/season-select';
import { withSeason } from '@/components/season-select/selected-season';
import { useStudentRecord } from './api/student-record';
import { DocumentReview } from './document-review';
import {
  Answers,
  Appointment,
  CompletedData,
  Facts,
  History,
  ImportedData,
  Notifications,
  QuizState,
  RecordSection,
} from './record-sections';
import classes from './student-record.module.css';

const TITLE = 'سجل الطالب';
const DOCUMENTS = 'المستندات ومراجعتها';
const BACK_TO_QUEUE = 'العودة إلى قائمة المراجعة';
const BACK_TO_LIST = 'العودة إلى بيانات الطلاب';
const RETRY = 'إعادة المحاولة';
const SEASON = 'العام الدراسي';
const OTHER_SEASONS = 'سجلات الطالب في الأعوام الدراسية';
const CLOSED_REVIEW = 'لا يمكن مراجعة المستندات أو تعديل أي شيء في سجل طالب من عام دراسي مغلق.';

/**
 * Issue 16, the student record page (`/admin/students/:id`): everything the portal holds on one student, in
 * sections, with the review of the six documents. Keyed by the student, so moving to the next student of the
 * queue starts from a clean form.
 */
export function StudentRecordScreen() {
  const { id = '' } = useParams();
  return <RecordPage key={id} id={id} />;
}

function RecordPage({ id }: { id: string }) {
  const { token, role } = useStaffSession();
  const handleError = useStaffErrorHandler();
  const [params] = useSearchParams();
  const search = params.toString();
  const queue = useMemo(() => queueFrom(new URLSearchParams(search)), [search]);
  const record = useStudentRecord(token, id);
  const answer = record.data;

  useEffect(() => {
    if (answer?.status === 'error' && answer.httpStatus === 401) handleError(answer);
  }, [answer, handleError]);

  // SOCIAL_ADMIN has no student list; its way back is the queue. A closed season's student goes back to that
  // season's list.
  const season = answer?.status === 'success' ? answer.data.data.season : undefined;
  const back = queue
    ? { to: `/admin/review${queuePageSearch(queue)}`, label: BACK_TO_QUEUE }
    : role === 'SOCIAL_ADMIN'
      ? { to: '/admin/review', label: BACK_TO_QUEUE }
      : {
          to: withSeason('/admin/studentsInfo', season?.current ? undefined : season?.id),
          label: BACK_TO_LIST,
        };
  const backLink = (
    <Anchor component={Link} to={back.to} size="sm">
      {back.label}
    </Anchor>
  );

  if (answer === undefined) return <PageSpinner />;
  if (answer.status === 'error') {
    if (answer.httpStatus === 403) return <NoAccess />;
    return (
      <Stack gap="md">
        <Title order={2}>{TITLE}</Title>
        <Alert color="red" variant="light" role="alert" title={answer.message}>
          {answer.httpStatus === 404 ? (
            backLink
          ) : (
            <Button size="sm" variant="light" color="red" mt="xs" onClick={() => record.refetch()}>
              {RETRY}
            </Button>
          )}
        </Alert>
      </Stack>
    );
  }

  return (
    <RecordView
      record={answer.data.data}
      queue={queue}
      backLink={backLink}
      onReload={() => record.refetch()}
    />
  );
}

interface RecordViewProps {
  record: StudentRecordPage;
  queue: ReviewQueuePage | null;
  backLink: ReactNode;
  onReload: () => Promise<unknown>;
}

function RecordView({ record, queue, backLink, onReload }: RecordViewProps) {
  const { student, season } = record;
  const closed = !season.current;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        {backLink}
        <Title order={2}>
          {TITLE}: {student.studentName}
        </Title>
      </Stack>

      {closed && <ClosedSeasonNotice>{CLOSED_REVIEW}</ClosedSeasonNotice>}

      <Paper withBorder radius="md" p="md">
        <Facts
          rows={[
            [SEASON, <bdi key="season">{seasonLabel(season)}</bdi>],
            ['الرقم القومي', <bdi key="id">{student.nationalID}</bdi>],
            ['الكلية', student.college],
            [
              'حالة البيانات',
              student.isComplete ? (
                <>
                  {STUDENT_DATA_STATUS.complete}
                  {student.completedAt && (
                    <Text span size="sm" c="dimmed">
                      {' '}
                      (<DateTime value={student.completedAt} />)
                    </Text>
                  )}
                </>
              ) : (
                STUDENT_DATA_STATUS.incomplete
              ),
            ],
            ['المستندات', <DocumentsStatusBadge key="documents" status={student.documentsStatus} />],
          ]}
        />
        <SeasonRecords record={record} />
      </Paper>

      <RecordSection title={DOCUMENTS}>
        <DocumentReview record={record} queue={queue} onReload={onReload} readOnly={closed} />
      </RecordSection>

      <ImportedData student={student} />
      <CompletedData student={student} />
      <QuizState quiz={record.quiz} />
      <Answers answers={record.answers} />
      <Appointment appointment={record.appointment} />
      <Notifications notifications={record.notifications} />
      <History history={record.history} />
    </Stack>
  );
}

/**
 * The same national ID's records in every season (issue 21: a student admitted again is a new record), this one
 * marked as the page shown; nothing when the student has only this one.
 */
function SeasonRecords({ record }: { record: StudentRecordPage }) {
  if (record.seasonRecords.length < 2) return null;
  return (
    <nav aria-label={OTHER_SEASONS}>
      <Text size="sm" fw={700} mt="sm" mb={4}>
        {OTHER_SEASONS}
      </Text>
      <Group gap="md" component="ul" className={classes.seasonRecords}>
        {record.seasonRecords.map((link) => (
          <li key={link.studentId}>
            {link.studentId === record.student._id ? (
              <Text span fw={700} aria-current="page">
                <bdi>{link.seasonName}</bdi>
              </Text>
            ) : (
              <Anchor component={Link} to={studentRecordPath(link.studentId)}>
                <bdi>{link.seasonName}</bdi>
              </Anchor>
            )}
          </li>
        ))}
      </Group>
    </nav>
  );
}
