import { Alert, Anchor, Group, Loader, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { MESSAGES, type ReviewQueueResponse } from '@portal/common';
import { useEffect, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  queuePageFrom,
  queuePageSearch,
  queueSearch,
  REVIEW_QUEUE_PAGE_SIZE,
  type ReviewQueuePage,
  startQueueRun,
  useReviewQueue,
} from '@/components/admin/api/review-queue';
import { DateTime } from '@/components/admin/date-time';
import { DocumentsStatusBadge } from '@/components/admin/documents-status-badge';
import { FacultyPicker } from '@/components/admin/faculty-picker';
import { useStaffErrorHandler, useStaffSession } from '@/components/admin/staff-session';
import { studentRecordPath } from '@/components/admin/student-record-path';
import { Button, ButtonLink } from '@/components/button';
import countList from '@/components/count-list.module.css';
import { TableScroll } from '@/components/table-scroll';
import classes from './review-queue.module.css';

const TITLE = 'مراجعة المستندات';
const SHOW = 'عرض قائمة المراجعة';
const CHOOSE_FIRST = 'اختر الكلية ثم اضغط «عرض قائمة المراجعة».';
const AWAITING = 'بانتظار المراجعة';
const NEEDS_REUPLOAD = 'مطلوب إعادة الرفع';
const ACCEPTED = 'كل المستندات مقبولة';
const START = 'ابدأ المراجعة من أول طالب';
const EMPTY = 'لا يوجد طلاب بانتظار مراجعة المستندات في هذه الكلية.';
const RETRY = 'إعادة المحاولة';
const COLUMNS = ['الاسم', 'الرقم القومي', 'أكمل بياناته في', 'المستندات'] as const;

/**
 * Issue 16, the review queue (`/admin/review`): the students of a faculty whose data is complete and who have a
 * document awaiting review, oldest completion first. A super admin and support choose the faculty; a faculty ADMIN
 * gets its own and the social-work admin the social-work faculty, both from the server. The faculty and page live
 * in the address, so coming back from a record shows the same page.
 */
export function ReviewQueue() {
  const { token, role } = useStaffSession();
  const handleError = useStaffErrorHandler();
  const [params, setParams] = useSearchParams();
  const choosesFaculty = role === 'SUPERADMIN' || role === 'SUPPORT';
  const addressed = queuePageFrom(params);
  const query: ReviewQueuePage | null = choosesFaculty
    ? addressed.faculty
      ? addressed
      : null
    : { faculty: null, page: addressed.page };
  const queue = useReviewQueue(token, query);
  const answer = queue.data;
  const captionId = useId();

  useEffect(() => {
    if (answer?.status === 'error' && answer.httpStatus === 401) handleError(answer);
  }, [answer, handleError]);

  // Each visit to the queue starts a new run for 'save and next': students skipped before are offered again.
  const runFaculty = query?.faculty ?? null;
  useEffect(() => startQueueRun(runFaculty), [runFaculty]);

  const show = (next: ReviewQueuePage) => {
    setParams(new URLSearchParams(queuePageSearch(next)));
    window.scrollTo({ top: 0 });
  };

  const counts = answer?.status === 'success' ? answer.data : undefined;
  return (
    <Stack gap="lg">
      <Title order={2}>{TITLE}</Title>

      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          {choosesFaculty ? (
            <FacultyPicker
              key={addressed.faculty ?? ''}
              initial={addressed.faculty}
              submitLabel={SHOW}
              onPick={(faculty) => show({ faculty, page: 1 })}
            />
          ) : (
            <Text fw={700}>{counts?.faculty ?? '…'}</Text>
          )}
          <dl className={countList.counts}>
            <div className={countList.count}>
              <dt>{AWAITING}</dt>
              <dd data-testid="queue-awaiting">{counts ? counts.awaiting : '—'}</dd>
            </div>
            <div className={countList.count}>
              <dt>{NEEDS_REUPLOAD}</dt>
              <dd data-testid="queue-reupload">{counts ? counts.needsReupload : '—'}</dd>
            </div>
            <div className={countList.count}>
              <dt>{ACCEPTED}</dt>
              <dd data-testid="queue-accepted">{counts ? counts.accepted : '—'}</dd>
            </div>
          </dl>
        </Stack>
      </Paper>

      {query === null ? (
        <Text c="dimmed" ta="center" py="lg">
          {CHOOSE_FIRST}
        </Text>
      ) : answer === undefined ? (
        <Group role="status" justify="center" gap="sm" py="xl">
          <Loader size="sm" aria-hidden="true" />
          <Text>{MESSAGES.loading}</Text>
        </Group>
      ) : answer.status === 'error' ? (
        <Alert color="red" variant="light" role="alert" title={answer.message}>
          <Button size="sm" variant="light" color="red" mt="xs" onClick={() => queue.refetch()}>
            {RETRY}
          </Button>
        </Alert>
      ) : answer.data.data.length === 0 ? (
        <Text role="status" ta="center" py="lg" c="dimmed" fz="lg">
          {EMPTY}
        </Text>
      ) : (
        <QueueRows answer={answer.data} query={query} captionId={captionId} onPage={show} />
      )}
    </Stack>
  );
}

interface QueueRowsProps {
  answer: ReviewQueueResponse;
  query: ReviewQueuePage;
  captionId: string;
  onPage: (page: ReviewQueuePage) => void;
}

function QueueRows({ answer, query, captionId, onPage }: QueueRowsProps) {
  const pages = Math.max(1, Math.ceil(answer.awaiting / REVIEW_QUEUE_PAGE_SIZE));
  const from = (query.page - 1) * REVIEW_QUEUE_PAGE_SIZE + 1;
  const to = from + answer.data.length - 1;
  const context = queueSearch(query);
  const first = answer.data[0];
  const pagination = (label: string) =>
    pages > 1 && (
      <nav aria-label={label} className={classes.pagination}>
        <Pagination
          total={pages}
          value={query.page}
          onChange={(page) => onPage({ ...query, page })}
          siblings={1}
          getItemProps={(page) => ({ 'aria-label': `صفحة ${page}` })}
          getControlProps={(control) => ({
            'aria-label': control === 'previous' ? 'الصفحة السابقة' : 'الصفحة التالية',
          })}
        />
      </nav>
    );

  return (
    <Stack gap="sm">
      {first && (
        <Group>
          <ButtonLink to={studentRecordPath(first._id, context)}>{START}</ButtonLink>
        </Group>
      )}
      {pagination('صفحات قائمة المراجعة (أعلى الجدول)')}
      <TableScroll labelledBy={captionId}>
        <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing="sm" className={classes.table}>
          <Table.Caption id={captionId} className={classes.caption}>
            {`${answer.faculty}: الطلاب ${from}–${to} من ${answer.awaiting}، الأقدم إكمالا أولا (صفحة ${query.page} من ${pages})`}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column} scope="col">
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {answer.data.map((row) => (
              <Table.Tr key={row._id}>
                <Table.Th scope="row" fw={500} className={classes.nameCell}>
                  <Anchor component={Link} to={studentRecordPath(row._id, context)}>
                    {row.studentName}
                  </Anchor>
                </Table.Th>
                <Table.Td className={classes.nowrap}>
                  <bdi>{row.nationalID}</bdi>
                </Table.Td>
                <Table.Td className={classes.nowrap}>
                  {row.completedAt ? <DateTime value={row.completedAt} /> : '—'}
                </Table.Td>
                <Table.Td>
                  <DocumentsStatusBadge status={row.documentsStatus} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {pagination('صفحات قائمة المراجعة (أسفل الجدول)')}
    </Stack>
  );
}
