import { Alert, Group, Loader, Stack, Table, Text } from '@mantine/core';
import {
  type DateRangeQuery,
  DEFAULT_INTERVIEW_WEEKEND_DAYS,
  INTERVIEW_MESSAGES,
  type InterviewCounts,
  MESSAGES,
} from '@portal/common';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { openDownload } from '@/components/admin/open-download';
import { OptionalDatePicker } from '@/components/admin/schedule-date-picker';
import { dayLabel } from '@/components/admin/schedule-day';
import { Section } from '@/components/admin/section';
import { useStaffErrorHandler, useStaffSession } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import countList from '@/components/count-list.module.css';
import { showSuccessNotice } from '@/components/notices';
import { TableScroll } from '@/components/table-scroll';
import { requestInterviewExport, useInterviewStatistics } from './api/interviews';
import classes from './interviews.module.css';

/** The counts in the order a committee reads them, with their labels. */
const COUNTS: readonly { key: keyof InterviewCounts; label: string }[] = [
  { key: 'appointed', label: 'لهم موعد' },
  { key: 'attended', label: 'حضروا' },
  { key: 'absent', label: 'غابوا' },
  { key: 'suitable', label: 'لائق' },
  { key: 'notSuitable', label: 'غير لائق' },
  { key: 'notRecorded', label: 'لم تسجل نتيجتهم' },
];
const EXPORT = 'تصدير النتائج (Excel)';
const DAY = 'اليوم';
const TOTAL = 'الإجمالي';
const ALL_DAYS = 'كل الأيام';

/** A day's or a range's counts, side by side where there is room. */
export function CountsList({
  counts,
  labelledBy,
  testIdPrefix,
}: {
  counts: InterviewCounts;
  labelledBy: string;
  testIdPrefix: string;
}) {
  return (
    <dl className={`${countList.counts} ${classes.sixCounts}`} aria-labelledby={labelledBy}>
      {COUNTS.map(({ key, label }) => (
        <div key={key} className={countList.count}>
          <dt>{label}</dt>
          <dd data-testid={`${testIdPrefix}-${key}`}>{counts[key]}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The statistics of a range of days (every day when both bounds are open): the total and each day, and the
 * outcomes sheet of the same range.
 */
export function RangeStatistics() {
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const range: DateRangeQuery = { ...(from && { from }), ...(to && { to }) };
  // The server would refuse it with the same message; asking is pointless.
  const reversed = from !== null && to !== null && from > to;

  return (
    <Section title="إحصائيات المقابلات وتصدير النتائج" id="interviews-range">
      <div className={classes.dayRow}>
        <OptionalDatePicker
          label="من يوم"
          placeholder={ALL_DAYS}
          value={from}
          onChange={setFrom}
          weekendDays={DEFAULT_INTERVIEW_WEEKEND_DAYS}
        />
        <OptionalDatePicker
          label="إلى يوم"
          placeholder={ALL_DAYS}
          value={to}
          onChange={setTo}
          weekendDays={DEFAULT_INTERVIEW_WEEKEND_DAYS}
        />
      </div>
      {reversed ? (
        <Alert color="yellow" variant="light" role="alert">
          {INTERVIEW_MESSAGES.dateRangeInvalid}
        </Alert>
      ) : (
        <>
          <RangeCounts range={range} />
          <ExportButton range={range} />
        </>
      )}
    </Section>
  );
}

function RangeCounts({ range }: { range: DateRangeQuery }) {
  const { token } = useStaffSession();
  const statistics = useInterviewStatistics(token, range);
  const answer = statistics.data;
  const totalId = useId();
  const captionId = useId();

  if (answer === undefined) return <Loader size="sm" aria-hidden="true" />;
  if (answer.status === 'error')
    return (
      <Alert color="red" variant="light" role="alert">
        {answer.message}
      </Alert>
    );
  const { days, total } = answer.data.data;
  const bounds =
    range.from || range.to ? (
      <>
        {range.from ? (
          <>
            {' من '}
            <bdi>{dayLabel(range.from)}</bdi>
          </>
        ) : null}
        {range.to ? (
          <>
            {' إلى '}
            <bdi>{dayLabel(range.to)}</bdi>
          </>
        ) : null}
      </>
    ) : (
      ` (${ALL_DAYS})`
    );
  return (
    <Stack gap="sm" aria-busy={statistics.isFetching}>
      <Text size="sm" c="dimmed" id={totalId}>
        {TOTAL}
        {bounds}
      </Text>
      <CountsList counts={total} labelledBy={totalId} testIdPrefix="range" />
      {days.length > 0 && (
        <TableScroll labelledBy={captionId}>
          <Table striped verticalSpacing="xs" horizontalSpacing="sm" className={classes.table}>
            <Table.Caption id={captionId} className={classes.caption}>
              الأعداد في كل يوم
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{DAY}</Table.Th>
                {COUNTS.map(({ key, label }) => (
                  <Table.Th key={key} scope="col">
                    {label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {days.map((day) => (
                <Table.Tr key={day.date}>
                  <Table.Th scope="row" className={classes.dayCell}>
                    <bdi>{dayLabel(day.date)}</bdi>
                  </Table.Th>
                  {COUNTS.map(({ key }) => (
                    <Table.Td key={key}>{day[key]}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Stack>
  );
}

function ExportButton({ range }: { range: DateRangeQuery }) {
  const handleError = useStaffErrorHandler();
  const exporting = useMutation({
    mutationFn: async () => {
      const result = await requestInterviewExport(range);
      if (result.status === 'error') return handleError(result);
      openDownload(result.data.path);
      showSuccessNotice(MESSAGES.fileDownloaded);
    },
  });
  return (
    <Group>
      <Button variant="light" loading={exporting.isPending} onClick={() => exporting.mutate()}>
        {EXPORT}
      </Button>
    </Group>
  );
}
