import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { AUDIT_MESSAGES, MESSAGES } from '@portal/common';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { openDownload } from '@/components/admin/open-download';
import { Section } from '@/components/admin/section';
import { useStaffErrorHandler, useStaffSession } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import { showSuccessNotice } from '@/components/notices';
import { type AuditFilterValues, requestAuditExport, useAuditPages } from './api/audit';
import { AuditEntries } from './audit-entries';
import { AuditFilters } from './audit-filters';

const TITLE = 'سجل العمليات';
const MORE = 'عرض المزيد';
const EXPORT = 'تصدير النتائج (Excel)';
const RETRY = 'إعادة المحاولة';

/**
 * Issue 20, the audit trail (super admin; the shell and the server both enforce it): who did what, when, to which
 * student, newest first, filtered by staff member, action, student, faculty and days; a page at a time, and the
 * filtered rows as a sheet.
 */
export function AuditTrail() {
  const [filters, setFilters] = useState<AuditFilterValues>({});
  return (
    <Stack gap="lg">
      <Title order={2}>{TITLE}</Title>
      <Section title="تصفية العمليات" id="audit-filters">
        <AuditFilters onApply={setFilters} />
      </Section>
      <AuditResults filters={filters} />
    </Stack>
  );
}

function AuditResults({ filters }: { filters: AuditFilterValues }) {
  const { token } = useStaffSession();
  const handleError = useStaffErrorHandler();
  const pages = useAuditPages(token, filters);
  const answers = pages.data?.pages ?? [];
  const refused = answers.find((answer) => answer.status === 'error');
  const entries = answers.flatMap((answer) => (answer.status === 'success' ? answer.data.data : []));

  // A lapsed session ends it (401); any other refusal is shown in place below.
  useEffect(() => {
    if (refused?.status === 'error' && refused.httpStatus === 401) handleError(refused);
  }, [refused, handleError]);

  return (
    <Section title="العمليات (الأحدث أولا)" id="audit-results">
      {pages.isPending ? (
        <Loader size="sm" aria-label="جار التحميل" />
      ) : (
        <>
          {entries.length === 0 && !refused && <Text>{AUDIT_MESSAGES.noEntries}</Text>}
          {entries.length > 0 && <AuditEntries entries={entries} />}
          {refused?.status === 'error' && (
            <Alert color="red" variant="light" role="alert">
              <Group justify="space-between">
                <Text>{refused.message}</Text>
                <Button variant="light" onClick={() => pages.refetch()}>
                  {RETRY}
                </Button>
              </Group>
            </Alert>
          )}
          <Group gap="sm">
            {pages.hasNextPage && !refused && (
              <Button
                variant="default"
                loading={pages.isFetchingNextPage}
                onClick={() => pages.fetchNextPage()}
              >
                {MORE}
              </Button>
            )}
            {entries.length > 0 && <ExportButton filters={filters} />}
          </Group>
        </>
      )}
    </Section>
  );
}

function ExportButton({ filters }: { filters: AuditFilterValues }) {
  const handleError = useStaffErrorHandler();
  const exporting = useMutation({
    mutationFn: async () => {
      const result = await requestAuditExport(filters);
      if (result.status === 'error') return handleError(result);
      openDownload(result.data.path);
      showSuccessNotice(MESSAGES.fileDownloaded);
    },
  });
  return (
    <Button variant="light" loading={exporting.isPending} onClick={() => exporting.mutate()}>
      {EXPORT}
    </Button>
  );
}
