import {
  Alert,
  Card,
  Center,
  Loader,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { StatisticsRow } from '@portal/common';
import { lazy, Suspense, useEffect, useId } from 'react';
import { staffKeys, useStaffErrorHandler, useStaffSession } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import countList from '@/components/count-list.module.css';
import { PageSpinner } from '@/components/page-spinner';
import { SeasonSelect } from '@/components/season-select/season-select';
import { useSelectedSeason } from '@/components/season-select/selected-season';
import { useStatistics } from './api/statistics';
import classes from './statistics.module.css';

const TITLE = 'الإحصائيات';
const ALL_STUDENTS = 'إجمالي الطلاب';
const ALL_COMPLETED = 'أكملوا بياناتهم';
const COMPLETION = 'نسبة الإكمال';
const STUDENTS = 'عدد الطلاب';
const CHART_TITLE = 'الطلاب والمكتملون في كل كلية';
const FACULTY = 'الكلية';
const DOCUMENTS_TITLE = 'مراجعة المستندات';
const DOCUMENTS_AWAITING = 'مستندات بانتظار المراجعة';
const DOCUMENTS_NEED_REUPLOAD = 'مطلوب إعادة رفع مستندات';
const DOCUMENTS_ACCEPTED = 'كل المستندات مقبولة';
const RETRY = 'إعادة المحاولة';

const StatisticsChart = lazy(() =>
  import('./statistics-chart').then((module) => ({ default: module.StatisticsChart })),
);

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

/**
 * Spec section 2, statistics (super admin only): overall totals, a chart, and a card per faculty, of the current
 * admission season or a past one (issue 21).
 */
export function Statistics() {
  const { token } = useStaffSession();
  const handleError = useStaffErrorHandler();
  const sessionKey = staffKeys.of(token);
  const { seasonId } = useSelectedSeason(sessionKey);
  const statistics = useStatistics(token, seasonId);
  const answer = statistics.data;

  useEffect(() => {
    if (answer?.status === 'error' && answer.httpStatus === 401) handleError(answer);
  }, [answer, handleError]);

  return (
    <Stack gap="lg">
      <Title order={2}>{TITLE}</Title>
      <SeasonSelect scope={sessionKey} />
      {answer === undefined ? (
        <PageSpinner />
      ) : answer.status === 'error' ? (
        <Alert color="red" variant="light" role="alert" title={answer.message}>
          <Button size="sm" variant="light" color="red" mt="xs" onClick={() => statistics.refetch()}>
            {RETRY}
          </Button>
        </Alert>
      ) : (
        <StatisticsView
          total={answer.data.allStudentsNumber}
          completed={answer.data.allStudentsNumberCompleted}
          results={answer.data.results}
        />
      )}
    </Stack>
  );
}

function StatisticsView({
  total,
  completed,
  results,
}: {
  total: number;
  completed: number;
  results: StatisticsRow[];
}) {
  const chartTitleId = useId();
  const documentsTitleId = useId();
  const sum = (count: (row: StatisticsRow) => number) =>
    results.reduce((total, row) => total + count(row), 0);
  return (
    <>
      <dl className={countList.counts}>
        <div className={countList.count}>
          <dt>{ALL_STUDENTS}</dt>
          <dd data-testid="all-students">{total}</dd>
        </div>
        <div className={countList.count}>
          <dt>{ALL_COMPLETED}</dt>
          <dd data-testid="all-completed">{completed}</dd>
        </div>
        <div className={countList.count}>
          <dt>{COMPLETION}</dt>
          <dd>{percent(completed, total)}%</dd>
        </div>
      </dl>

      <section aria-labelledby={documentsTitleId}>
        <Title order={3} fz="lg" mb="sm" id={documentsTitleId}>
          {DOCUMENTS_TITLE}
        </Title>
        <dl className={countList.counts}>
          <div className={countList.count}>
            <dt>{DOCUMENTS_AWAITING}</dt>
            <dd data-testid="all-documents-awaiting">{sum((row) => row.documentsAwaiting)}</dd>
          </div>
          <div className={countList.count}>
            <dt>{DOCUMENTS_NEED_REUPLOAD}</dt>
            <dd data-testid="all-documents-reupload">{sum((row) => row.documentsNeedReupload)}</dd>
          </div>
          <div className={countList.count}>
            <dt>{DOCUMENTS_ACCEPTED}</dt>
            <dd data-testid="all-documents-accepted">{sum((row) => row.documentsAccepted)}</dd>
          </div>
        </dl>
      </section>

      <Paper component="figure" withBorder radius="md" p="md" m={0} aria-labelledby={chartTitleId}>
        <Title order={3} fz="lg" mb="sm" id={chartTitleId} component="figcaption">
          {CHART_TITLE}
        </Title>
        <Suspense
          fallback={
            <Center className={classes.chartBox}>
              <Loader size="sm" aria-hidden="true" />
            </Center>
          }
        >
          <StatisticsChart results={results} />
        </Suspense>
        <VisuallyHidden>
          <table>
            <caption>{CHART_TITLE}</caption>
            <thead>
              <tr>
                <th scope="col">{FACULTY}</th>
                <th scope="col">{STUDENTS}</th>
                <th scope="col">{ALL_COMPLETED}</th>
              </tr>
            </thead>
            <tbody>
              {results.map((row) => (
                <tr key={row.faculty}>
                  <th scope="row">{row.faculty}</th>
                  <td>{row.studentsNumber}</td>
                  <td>{row.studentsNumberCompleted}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </VisuallyHidden>
      </Paper>

      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
        {results.map((row) => (
          <FacultyCard key={row.faculty} counts={row} />
        ))}
      </SimpleGrid>
    </>
  );
}

function FacultyCard({ counts }: { counts: StatisticsRow }) {
  const titleId = useId();
  const share = percent(counts.studentsNumberCompleted, counts.studentsNumber);
  return (
    <Card component="article" withBorder radius="md" padding="md" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={3} fz="md" id={titleId}>
          {counts.faculty}
        </Title>
        <dl className={classes.facts}>
          <dt>{STUDENTS}</dt>
          <dd>{counts.studentsNumber}</dd>
          <dt>{ALL_COMPLETED}</dt>
          <dd>{counts.studentsNumberCompleted}</dd>
          <dt>{DOCUMENTS_AWAITING}</dt>
          <dd>{counts.documentsAwaiting}</dd>
          <dt>{DOCUMENTS_NEED_REUPLOAD}</dt>
          <dd>{counts.documentsNeedReupload}</dd>
          <dt>{DOCUMENTS_ACCEPTED}</dt>
          <dd>{counts.documentsAccepted}</dd>
        </dl>
        <Progress value={share} color="teal.7" size="sm" aria-label={`${COMPLETION}: ${share}%`} />
      </Stack>
    </Card>
  );
}
