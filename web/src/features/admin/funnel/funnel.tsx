import {
  Alert,
  Anchor,
  Center,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  FUNNEL_SERIES,
  FUNNEL_SERIES_LABELS,
  FUNNEL_STATE_LABELS,
  FUNNEL_STATES,
  type FunnelDaily,
  type FunnelData,
  type FunnelRow,
  type FunnelState,
  IMAGE_KIND_LABELS,
  PROGRESS_STEP_LABELS,
  type ProgressStep,
  REFUSAL_REASON_LABELS,
} from '@portal/common';
import { useMutation } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useFaculties } from '@/components/admin/api/faculties';
import { openDownload } from '@/components/admin/open-download';
import { withParams } from '@/components/admin/progress-params';
import { Section } from '@/components/admin/section';
import { staffKeys, useStaffErrorHandler, useStaffSession } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import countList from '@/components/count-list.module.css';
import { PageSpinner } from '@/components/page-spinner';
import { SeasonSelect } from '@/components/season-select/season-select';
import { SEASON_PARAM, useSelectedSeason } from '@/components/season-select/selected-season';
import { TableScroll } from '@/components/table-scroll';
import {
  type DailyRange,
  type FunnelQuery,
  requestFunnelExport,
  useFunnel,
  useFunnelDaily,
} from './api/funnel';
import classes from './funnel.module.css';

const TITLE = 'مسار القبول';
const FACULTY = 'الكلية';
const ALL_FACULTIES = 'كل الكليات';
const TOTAL = 'الإجمالي';
const STEP = 'الخطوة';
const STUDENTS = 'عدد الطلاب';
const FUNNEL_TITLE = 'الطلاب عند كل خطوة من خطوات المتابعة';
const TABLE_TITLE = 'الأعداد حسب الكلية والخطوة';
// The tables' captions name their scrolling regions: not the sections' headings, so that no two landmarks share a name.
const TABLE_CAPTION = 'الطلاب حسب الكلية والخطوة في العام الدراسي';
const REFUSALS_CAPTION = 'المستندات المرفوضة الآن في العام الدراسي';
const LINK_HINT = 'كل عدد يفتح قائمة هؤلاء الطلاب بالضبط، ومنها يمكن إرسال رسالة إليهم.';
const DAILY_TITLE = 'الأعداد اليومية';
const FROM = 'من يوم';
const TO = 'إلى يوم';
const SHOW = 'عرض';
const DAY = 'اليوم';
const MEDIAN_IMPORT = 'الوسيط من الإضافة إلى استكمال البيانات';
const MEDIAN_ACCEPT = 'الوسيط من استكمال البيانات إلى قبول كل المستندات';
const DAYS = 'يوم';
const NONE_YET = 'لا يوجد بعد';
const REFUSALS_TITLE = 'المستندات المرفوضة حسب النوع والسبب';
const NO_REFUSALS = 'لا توجد مستندات مرفوضة الآن.';
const DOCUMENT = 'المستند';
const REASON = 'سبب الرفض';
const COUNT = 'العدد';
const NO_REASON = 'لم يذكر سبب';
const EXPORT = 'تنزيل ملف Excel';
const RETRY = 'إعادة المحاولة';

const FunnelChart = lazy(() => import('./funnel-charts').then((module) => ({ default: module.FunnelChart })));
const DailyChart = lazy(() => import('./funnel-charts').then((module) => ({ default: module.DailyChart })));

function ChartFallback() {
  return (
    <Center className={classes.chartBox}>
      <Loader size="sm" aria-hidden="true" />
    </Center>
  );
}

function Failure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" role="alert" title={message}>
      <Button size="sm" variant="light" color="red" mt="xs" onClick={onRetry}>
        {RETRY}
      </Button>
    </Alert>
  );
}

/**
 * Issue 36, the admission funnel (`/admin/funnel`): where a season's students stand on the tracker the students
 * see (done, at the step, blocked), per faculty and in total; the daily series with the data deadline and the
 * medians; the refusals. Every count of a faculty opens the student list filtered to exactly those students
 * (the roles that see the list). Super admin and support choose a faculty or all; a faculty ADMIN sees its own;
 * a SOCIAL_ADMIN the social-work colleges. The choices are kept in the address.
 */
export function Funnel() {
  const { token, role } = useStaffSession();
  const handleError = useStaffErrorHandler();
  const sessionKey = staffKeys.of(token);
  const [params, setParams] = useSearchParams();
  const choosesFaculty = role === 'SUPERADMIN' || role === 'SUPPORT';
  const readsSeasons = role !== 'SOCIAL_ADMIN';
  const { seasonId } = useSelectedSeason(sessionKey);
  const query: FunnelQuery = {
    faculty: choosesFaculty ? params.get('faculty') || null : null,
    season: seasonId,
  };
  const range: DailyRange = { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined };
  const funnel = useFunnel(token, query);
  const daily = useFunnelDaily(token, query, range);
  const faculties = useFaculties(choosesFaculty);
  const names = faculties.data?.status === 'success' ? faculties.data.data.data.data : [];

  const failed = [funnel.data, daily.data].find(
    (answer) => answer?.status === 'error' && answer.httpStatus === 401,
  );
  useEffect(() => {
    if (failed?.status === 'error') handleError(failed);
  }, [failed, handleError]);

  const exporter = useMutation({
    mutationFn: async () => {
      const result = await requestFunnelExport(query, range);
      if (result.status === 'error') return handleError(result);
      openDownload(result.data.path);
    },
  });

  const change = (changes: Record<string, string | null>) => setParams((old) => withParams(old, changes));

  // The student list is open to super admin, support and a faculty ADMIN only (spec section 6).
  const listLink =
    role === 'SOCIAL_ADMIN'
      ? undefined
      : (faculty: string, step: ProgressStep, state: FunnelState) => {
          const next = new URLSearchParams({ faculty, step, state });
          if (seasonId) next.set(SEASON_PARAM, seasonId);
          return `/admin/studentsInfo?${next}`;
        };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>{TITLE}</Title>
        <Button variant="light" loading={exporter.isPending} onClick={() => exporter.mutate()}>
          {EXPORT}
        </Button>
      </Group>
      <Group gap="md" align="flex-end" wrap="wrap">
        {readsSeasons && <SeasonSelect scope={sessionKey} />}
        {choosesFaculty && (
          <NativeSelect
            size="md"
            label={FACULTY}
            data={[{ value: '', label: ALL_FACULTIES }, ...names]}
            value={query.faculty ?? ''}
            onChange={(event) => change({ faculty: event.currentTarget.value })}
            w={{ base: '100%', xs: 320 }}
          />
        )}
      </Group>

      {funnel.data === undefined ? (
        <PageSpinner />
      ) : funnel.data.status === 'error' ? (
        <Failure message={funnel.data.message} onRetry={() => funnel.refetch()} />
      ) : (
        <FunnelView data={funnel.data.data.data} listLink={listLink} />
      )}

      <Section title={DAILY_TITLE} id="funnel-daily">
        <RangeForm key={`${range.from}:${range.to}`} range={range} onShow={(next) => change(next)} />
        {daily.data === undefined ? (
          <ChartFallback />
        ) : daily.data.status === 'error' ? (
          <Failure message={daily.data.message} onRetry={() => daily.refetch()} />
        ) : (
          <DailyView daily={daily.data.data.data} />
        )}
      </Section>
    </Stack>
  );
}

function RangeForm({
  range,
  onShow,
}: {
  range: DailyRange;
  onShow: (range: { from: string; to: string }) => void;
}) {
  const [from, setFrom] = useState(range.from ?? '');
  const [to, setTo] = useState(range.to ?? '');
  return (
    <form
      aria-label={DAILY_TITLE}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onShow({ from, to });
      }}
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label={FROM}
          value={from}
          onChange={(event) => setFrom(event.currentTarget.value)}
        />
        <TextInput type="date" label={TO} value={to} onChange={(event) => setTo(event.currentTarget.value)} />
        <Button type="submit" variant="light">
          {SHOW}
        </Button>
      </Group>
    </form>
  );
}

type ListLink = ((faculty: string, step: ProgressStep, state: FunnelState) => string) | undefined;

function Count({ value, to, label }: { value: number; to: string | undefined; label: string }) {
  if (!to) return <span className={classes.number}>{value}</span>;
  return (
    <Anchor component={Link} to={to} aria-label={`${value} ${label}`} className={classes.number}>
      {value}
    </Anchor>
  );
}

function FunnelView({ data, listLink }: { data: FunnelData; listLink: ListLink }) {
  const chartTitleId = useId();
  const tableTitleId = useId();
  const refusalsTitleId = useId();
  const shown: FunnelRow = data.faculties.length === 1 && data.faculties[0] ? data.faculties[0] : data.total;
  const rows = data.faculties.length === 1 ? data.faculties : [...data.faculties, data.total];
  return (
    <>
      <dl className={countList.counts}>
        <div className={countList.count}>
          <dt>{`${STUDENTS} (${data.season.name})`}</dt>
          <dd data-testid="funnel-students">{shown.students}</dd>
        </div>
      </dl>

      <Section title={FUNNEL_TITLE} id={chartTitleId}>
        <Suspense fallback={<ChartFallback />}>
          <FunnelChart row={shown} />
        </Suspense>
      </Section>

      <Section title={TABLE_TITLE} id={tableTitleId}>
        {listLink && <Text c="dimmed">{LINK_HINT}</Text>}
        <TableScroll labelledBy={`${tableTitleId}-caption`}>
          <Table striped withTableBorder>
            <Table.Caption
              id={`${tableTitleId}-caption`}
            >{`${TABLE_CAPTION} ${data.season.name}`}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{FACULTY}</Table.Th>
                <Table.Th scope="col">{STEP}</Table.Th>
                {FUNNEL_STATES.map((state) => (
                  <Table.Th scope="col" key={state}>
                    {FUNNEL_STATE_LABELS[state]}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) =>
                row.steps.map((step, index) => {
                  const faculty = row.faculty ?? TOTAL;
                  return (
                    <Table.Tr key={`${faculty}:${step.step}`} data-testid={`funnel-${faculty}-${step.step}`}>
                      {index === 0 && (
                        <Table.Th scope="rowgroup" rowSpan={row.steps.length}>
                          {`${faculty} (${row.students})`}
                        </Table.Th>
                      )}
                      <Table.Th scope="row">{PROGRESS_STEP_LABELS[step.step]}</Table.Th>
                      {FUNNEL_STATES.map((state) => (
                        <Table.Td key={state} data-state={state}>
                          <Count
                            value={step[state]}
                            to={row.faculty && listLink ? listLink(row.faculty, step.step, state) : undefined}
                            label={`${FUNNEL_STATE_LABELS[state]}: ${PROGRESS_STEP_LABELS[step.step]}، ${faculty}`}
                          />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  );
                }),
              )}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </Section>

      <Section title={REFUSALS_TITLE} id={refusalsTitleId}>
        {data.refusals.length === 0 ? (
          <Text c="dimmed">{NO_REFUSALS}</Text>
        ) : (
          <TableScroll labelledBy={`${refusalsTitleId}-caption`}>
            <Table striped withTableBorder>
              <Table.Caption id={`${refusalsTitleId}-caption`}>
                {`${REFUSALS_CAPTION} ${data.season.name}`}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {[FACULTY, DOCUMENT, REASON, COUNT].map((header) => (
                    <Table.Th scope="col" key={header}>
                      {header}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.refusals.map((refusal) => (
                  <Table.Tr key={`${refusal.faculty}:${refusal.kind}:${refusal.reason}`}>
                    <Table.Td>{refusal.faculty}</Table.Td>
                    <Table.Td>{IMAGE_KIND_LABELS[refusal.kind]}</Table.Td>
                    <Table.Td>{refusal.reason ? REFUSAL_REASON_LABELS[refusal.reason] : NO_REASON}</Table.Td>
                    <Table.Td className={classes.number}>{refusal.count}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Section>
    </>
  );
}

const medianText = (days: number | null): ReactNode => (days === null ? NONE_YET : `${days} ${DAYS}`);

function DailyView({ daily }: { daily: FunnelDaily }) {
  const captionId = useId();
  return (
    <>
      <dl className={countList.counts}>
        <div className={countList.count}>
          <dt>{MEDIAN_IMPORT}</dt>
          <dd>{medianText(daily.medianDays.importToComplete)}</dd>
        </div>
        <div className={countList.count}>
          <dt>{MEDIAN_ACCEPT}</dt>
          <dd>{medianText(daily.medianDays.completeToAccepted)}</dd>
        </div>
      </dl>
      <Suspense fallback={<ChartFallback />}>
        <DailyChart daily={daily} />
      </Suspense>
      <VisuallyHidden>
        <table>
          <caption id={captionId}>{DAILY_TITLE}</caption>
          <thead>
            <tr>
              <th scope="col">{DAY}</th>
              {FUNNEL_SERIES.map((series) => (
                <th scope="col" key={series}>
                  {FUNNEL_SERIES_LABELS[series]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {daily.days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{day.day}</th>
                {FUNNEL_SERIES.map((series) => (
                  <td key={series}>{day[series]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </>
  );
}
