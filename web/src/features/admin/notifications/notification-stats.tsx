import { Alert, Anchor, Group, Loader, Table, Text } from '@mantine/core';
import {
  type Campaign,
  FUNNEL_STATE_LABELS,
  MESSAGE_AUDIENCE_LABELS,
  MESSAGES,
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENT_LABELS,
  NOTIFICATION_STATE_LABELS,
  NOTIFICATION_STATES,
  type NotificationStatsResponse,
  PROGRESS_STEP_LABELS,
  type ProgressFilter,
} from '@portal/common';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { DateTime } from '@/components/admin/date-time';
import { dayLabel } from '@/components/admin/schedule-day';
import { Section } from '@/components/admin/section';
import { studentRecordPath } from '@/components/admin/student-record-path';
import { Button } from '@/components/button';
import countList from '@/components/count-list.module.css';
import { TableScroll } from '@/components/table-scroll';
import type { ApiResult } from '@/lib/api-client';
import { MessageProgress } from './message-progress';
import classes from './notifications.module.css';

type Stats = NotificationStatsResponse['data'];

const ALL_FACULTIES = 'كل الكليات';
const REFRESH = 'تحديث الأرقام';
const RETRY = 'إعادة المحاولة';
const NO_CAMPAIGNS = 'لم ترسل رسائل من الكلية بعد.';
const NO_FAILURES = 'لا توجد رسائل فشل إرسالها.';
const NO_WRITER = '—';
const NO_REASON = 'لم يذكر سبب';
const FAILURE_COLUMNS = ['الطالب', 'الإشعار', 'الطريقة', 'المحاولات', 'السبب', 'الوقت'] as const;

/** How the audience of a funnel count reads: 'من هم عند خطوة …: مراجعة المستندات — متوقفون (مطلوب إجراء)'. */
export function progressAudienceLabel(progress: ProgressFilter): string {
  const step = PROGRESS_STEP_LABELS[progress.step];
  return `${MESSAGE_AUDIENCE_LABELS.progress}: ${step} — ${FUNNEL_STATE_LABELS[progress.state]}`;
}

/** What a staff message was sent to, in words. */
export function audienceText(filter: Campaign['filter']): string {
  if (filter.audience === 'progress' && filter.progress) return progressAudienceLabel(filter.progress);
  const audience = MESSAGE_AUDIENCE_LABELS[filter.audience];
  return filter.audience === 'appointedOn' && filter.day ? `${audience}: ${dayLabel(filter.day)}` : audience;
}

export const channelsText = (channels: readonly Campaign['channels'][number][]) =>
  channels.map((channel) => NOTIFICATION_CHANNEL_LABELS[channel]).join(' و');

interface NotificationStatsProps {
  answer: ApiResult<NotificationStatsResponse> | undefined;
  onRefresh: () => Promise<unknown>;
}

/**
 * The figures under the message form (issue 17): every message of the faculty (or of the university) per state
 * and per channel, the latest staff messages with their progress, and the latest failures with their reasons.
 */
export function NotificationStats({ answer, onRefresh }: NotificationStatsProps) {
  if (answer?.status === 'error') {
    return (
      <Alert color="red" variant="light" role="alert" title={answer.message}>
        <Button size="sm" variant="light" color="red" mt="xs" onClick={onRefresh}>
          {RETRY}
        </Button>
      </Alert>
    );
  }
  if (answer === undefined) {
    return (
      <Group role="status" justify="center" gap="sm" py="xl">
        <Loader size="sm" aria-hidden="true" />
        <Text>{MESSAGES.loading}</Text>
      </Group>
    );
  }
  const stats = answer.data.data;
  return (
    <>
      <Totals stats={stats} onRefresh={onRefresh} />
      <Campaigns campaigns={stats.campaigns} />
      <Failures failures={stats.failures} />
    </>
  );
}

function Totals({ stats, onRefresh }: { stats: Stats; onRefresh: () => Promise<unknown> }) {
  const captionId = useId();
  // Only a refresh asked for shows on the button: the polling while messages wait would make it flicker.
  const [refreshing, setRefreshing] = useState(false);
  const refresh = () => {
    setRefreshing(true);
    onRefresh().finally(() => setRefreshing(false));
  };
  return (
    <Section title={`حالة الرسائل: ${stats.faculty ?? ALL_FACULTIES}`} id="notifications-totals">
      <Group>
        <Button size="sm" variant="light" onClick={refresh} loading={refreshing}>
          {REFRESH}
        </Button>
      </Group>
      <dl className={countList.counts}>
        {NOTIFICATION_STATES.map((state) => (
          <div key={state} className={countList.count}>
            <dt>{NOTIFICATION_STATE_LABELS[state]}</dt>
            <dd data-testid={`state-${state}`}>{stats.byState[state]}</dd>
          </div>
        ))}
      </dl>
      <TableScroll labelledBy={captionId}>
        <Table striped verticalSpacing="xs" horizontalSpacing="sm" className={classes.channelTable}>
          <Table.Caption id={captionId} className={classes.caption}>
            الرسائل حسب طريقة الإرسال
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">الطريقة</Table.Th>
              {NOTIFICATION_STATES.map((state) => (
                <Table.Th key={state} scope="col">
                  {NOTIFICATION_STATE_LABELS[state]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {NOTIFICATION_CHANNELS.map((channel) => (
              <Table.Tr key={channel}>
                <Table.Th scope="row">{NOTIFICATION_CHANNEL_LABELS[channel]}</Table.Th>
                {NOTIFICATION_STATES.map((state) => (
                  <Table.Td key={state} className={classes.number}>
                    {stats.byChannel[channel][state]}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Section>
  );
}

function Campaigns({ campaigns }: { campaigns: Campaign[] }) {
  return (
    <Section title="آخر الرسائل" id="notifications-campaigns">
      {campaigns.length === 0 ? (
        <Text c="dimmed">{NO_CAMPAIGNS}</Text>
      ) : (
        <ul className={classes.campaigns} aria-label="آخر الرسائل">
          {campaigns.map((campaign) => (
            <CampaignCard key={campaign.id} campaign={campaign} />
          ))}
        </ul>
      )}
    </Section>
  );
}

function CampaignCard({ campaign }: { campaign: Campaign }) {
  const titleId = useId();
  return (
    <li className={classes.campaign} aria-labelledby={titleId}>
      <Text fw={700} id={titleId}>
        {'رسالة '}
        <DateTime value={campaign.createdAt} />
      </Text>
      <dl className={classes.facts}>
        <div>
          <dt>الكلية</dt>
          <dd>{campaign.faculty}</dd>
        </div>
        <div>
          <dt>إلى</dt>
          <dd>{audienceText(campaign.filter)}</dd>
        </div>
        <div>
          <dt>الطريقة</dt>
          <dd>{channelsText(campaign.channels)}</dd>
        </div>
        <div>
          <dt>كتبها</dt>
          <dd>{campaign.createdBy ? <bdi>{campaign.createdBy}</bdi> : NO_WRITER}</dd>
        </div>
      </dl>
      <Text className={classes.messageText} dir="auto">
        {campaign.text}
      </Text>
      <MessageProgress counts={campaign.counts} label={`رسالة ${campaign.faculty}`} />
    </li>
  );
}

function Failures({ failures }: { failures: Stats['failures'] }) {
  const captionId = useId();
  return (
    <Section title="الرسائل التي فشل إرسالها" id="notifications-failures">
      {failures.length === 0 ? (
        <Text c="dimmed">{NO_FAILURES}</Text>
      ) : (
        <TableScroll labelledBy={captionId}>
          <Table striped verticalSpacing="xs" horizontalSpacing="sm" className={classes.failureTable}>
            <Table.Caption id={captionId} className={classes.caption}>
              {`آخر ${failures.length} رسالة لم تصل، وسبب آخر محاولة`}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {FAILURE_COLUMNS.map((column) => (
                  <Table.Th key={column} scope="col">
                    {column}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {failures.map((failure) => (
                <Table.Tr key={failure.id}>
                  <Table.Th scope="row" fw={500} className={classes.nameCell}>
                    <Anchor component={Link} to={studentRecordPath(failure.studentId)}>
                      {failure.studentName}
                    </Anchor>
                  </Table.Th>
                  <Table.Td>{NOTIFICATION_EVENT_LABELS[failure.event]}</Table.Td>
                  <Table.Td className={classes.nowrap}>
                    {NOTIFICATION_CHANNEL_LABELS[failure.channel]}
                  </Table.Td>
                  <Table.Td className={classes.number}>{failure.tries}</Table.Td>
                  <Table.Td className={classes.reason}>
                    {failure.error ? <bdi>{failure.error}</bdi> : NO_REASON}
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>
                    <DateTime value={failure.at} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Section>
  );
}
