import { Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AuditEntryView } from '@portal/common';
import { DateTime } from '@/components/admin/date-time';
import classes from './audit-trail.module.css';

const NO_ACTOR = 'غير مسجل الدخول';
const DETAILS_MAX = 160;

/** Anything else the row kept, on one line (ids, kinds, counts); cut short, the export has it whole. */
export function detailsLine(details: AuditEntryView['details']): string | null {
  if (!details || Object.keys(details).length === 0) return null;
  const text = JSON.stringify(details);
  return text.length > DETAILS_MAX ? `${text.slice(0, DETAILS_MAX - 1)}…` : text;
}

function Actor({ entry }: { entry: AuditEntryView }) {
  return entry.actor?.userName ? (
    <bdi>{entry.actor.userName}</bdi>
  ) : (
    <Text span c="dimmed">
      {NO_ACTOR}
    </Text>
  );
}

function Student({ entry }: { entry: AuditEntryView }) {
  if (!entry.student) return null;
  return (
    <>
      {entry.student.name && <bdi>{entry.student.name}</bdi>} <bdi dir="ltr">{entry.student.nationalID}</bdi>
    </>
  );
}

function Details({ entry }: { entry: AuditEntryView }) {
  const line = detailsLine(entry.details);
  return line ? (
    <div className={classes.details} dir="ltr">
      {line}
    </div>
  ) : null;
}

/** The rows newest first: a table where there is room, a card per row on a phone. */
export function AuditEntries({ entries }: { entries: readonly AuditEntryView[] }) {
  const wide = useMediaQuery('(min-width: 62em)') ?? false;
  if (!wide)
    return (
      <ul className={classes.entries} aria-label="العمليات">
        {entries.map((entry) => (
          <li key={entry.id} className={classes.entry} aria-label={entry.label}>
            <Text fw={700}>{entry.label}</Text>
            <dl>
              <dt>الوقت</dt>
              <dd>
                <DateTime value={entry.at} />
              </dd>
              <dt>الموظف</dt>
              <dd>
                <Actor entry={entry} />
              </dd>
              {entry.student && (
                <>
                  <dt>الطالب</dt>
                  <dd>
                    <Student entry={entry} />
                  </dd>
                </>
              )}
              {entry.faculty && (
                <>
                  <dt>الكلية</dt>
                  <dd>{entry.faculty}</dd>
                </>
              )}
              {entry.ip && (
                <>
                  <dt>العنوان</dt>
                  <dd>
                    <bdi dir="ltr">{entry.ip}</bdi>
                  </dd>
                </>
              )}
            </dl>
            <Details entry={entry} />
          </li>
        ))}
      </ul>
    );

  // Four columns fit the staff screen's content width at 1280 px: who with the address, what with its details, and
  // the student with its faculty.
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing="xs" aria-label="العمليات">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">الوقت</Table.Th>
            <Table.Th scope="col">الموظف</Table.Th>
            <Table.Th scope="col">الإجراء</Table.Th>
            <Table.Th scope="col">الطالب والكلية</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>
                <DateTime value={entry.at} />
              </Table.Td>
              <Table.Td>
                <Actor entry={entry} />
                {entry.ip && (
                  <Text size="xs" c="dimmed">
                    <bdi dir="ltr">{entry.ip}</bdi>
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {entry.label}
                <Details entry={entry} />
              </Table.Td>
              <Table.Td>
                <Student entry={entry} />
                {entry.faculty && (
                  <Text size="xs" c="dimmed">
                    {entry.faculty}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
