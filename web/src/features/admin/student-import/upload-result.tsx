import { Alert, Anchor, List, Stack, Table, Text, Title } from '@mantine/core';
import type { StudentUploadResponse } from '@portal/common';
import { useId } from 'react';
import countList from '@/components/count-list.module.css';
import { TableScroll } from '@/components/table-scroll';
import classes from './student-import.module.css';

const RESULT = 'نتيجة الرفع';
const ADDED = 'طلاب مضافون';
const UPDATED = 'طلاب محدّثون';
const REJECTED = 'صفوف مرفوضة';
const IGNORED = 'أعمدة لم تُقرأ (تم تجاهلها)';
const REPORT = 'الصفوف المرفوضة';
const DOWNLOAD_REPORT = 'تنزيل تقرير الصفوف المرفوضة (Excel)';
const REPORT_LINK_HINT = 'الرابط صالح لمدة 10 دقائق.';

/** What the server did with the file: counts, ignored columns, and each rejected row with its Arabic reason. */
export function UploadResult({ result }: { result: StudentUploadResponse }) {
  const titleId = useId();
  const reportId = useId();
  const shownAll = result.report.length >= result.rejected;
  return (
    <Stack component="section" gap="md" aria-labelledby={titleId}>
      <Title order={3} fz="lg" id={titleId}>
        {RESULT}
      </Title>
      <Alert color="teal" variant="light">
        {result.message}
      </Alert>
      <dl className={countList.counts}>
        <div className={countList.count}>
          <dt>{ADDED}</dt>
          <dd data-testid="upload-added">{result.added}</dd>
        </div>
        <div className={countList.count}>
          <dt>{UPDATED}</dt>
          <dd data-testid="upload-updated">{result.updated}</dd>
        </div>
        <div className={countList.count}>
          <dt>{REJECTED}</dt>
          <dd data-testid="upload-rejected">{result.rejected}</dd>
        </div>
      </dl>
      {result.ignoredColumns.length > 0 && (
        <div>
          <Text fw={700} size="sm" mb={4}>
            {IGNORED}
          </Text>
          <List size="sm" withPadding>
            {result.ignoredColumns.map((column) => (
              <List.Item key={column}>{column}</List.Item>
            ))}
          </List>
        </div>
      )}
      {result.report.length > 0 && (
        <Stack gap="xs">
          <Title order={4} fz="md" id={reportId}>
            {REPORT}
          </Title>
          {result.reportPath && (
            <Text size="sm">
              <Anchor href={result.reportPath} download>
                {DOWNLOAD_REPORT}
              </Anchor>{' '}
              <Text span c="dimmed" size="sm">
                {REPORT_LINK_HINT}
              </Text>
            </Text>
          )}
          {!shownAll && (
            <Text size="sm" c="dimmed">
              يعرض أول {result.report.length} صف من {result.rejected}؛ التقرير يضم جميع الصفوف.
            </Text>
          )}
          <TableScroll labelledBy={reportId} className={classes.scrollHeight}>
            <Table striped verticalSpacing="xs" className={classes.reportTable}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">رقم الصف</Table.Th>
                  <Table.Th scope="col">الرقم القومي</Table.Th>
                  <Table.Th scope="col">الاسم</Table.Th>
                  <Table.Th scope="col">السبب</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.report.map((row) => (
                  <Table.Tr key={`${row.row}-${row.reason}`}>
                    <Table.Td>{row.row}</Table.Td>
                    <Table.Td>
                      <span dir="ltr">{row.nationalID || '—'}</span>
                    </Table.Td>
                    <Table.Td>{row.name || '—'}</Table.Td>
                    <Table.Td>{row.reason}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </Stack>
      )}
    </Stack>
  );
}
