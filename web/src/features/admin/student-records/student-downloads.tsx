import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { MESSAGES, STUDENT_DOWNLOAD_ROLES, type StaffRole, type StudentDownloadType } from '@portal/common';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { openDownload } from '@/components/admin/open-download';
import { useStaffErrorHandler } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import { showSuccessNotice } from '@/components/notices';
import { requestStudentDownload } from './api/students';

export const DOWNLOAD_LABELS: Record<StudentDownloadType, string> = {
  incompleteSupport: 'بيانات غير المكتملين (الدعم الفني)',
  completeSupport: 'بيانات المكتملين (الدعم الفني)',
  incomplete: 'بيانات غير المكتملين',
  complete: 'بيانات المكتملين',
  completePhotos: 'صور المكتملين (ملف مضغوط)',
};
/** The support kinds first, as spec section 2 lists them. */
const ORDER = Object.keys(DOWNLOAD_LABELS) as StudentDownloadType[];
const TITLE = 'تنزيل البيانات';
const ALL_FACULTIES = 'جميع الكليات';

/** The kinds the role may download (spec section 2: support gets incompleteSupport only). */
export function downloadsFor(role: StaffRole): StudentDownloadType[] {
  return ORDER.filter((type) => (STUDENT_DOWNLOAD_ROLES[type] as readonly StaffRole[]).includes(role));
}

/**
 * Download buttons: each asks for a short-lived link to the chosen season's and faculty's export (or every
 * faculty's) and the browser opens it; the file arrives as a download and the page stays. A closed season's
 * exports still work.
 */
export function StudentDownloads({
  role,
  faculty,
  season,
}: {
  role: StaffRole;
  faculty: string | null;
  /** A past season's id; undefined: the current season. */
  season: string | undefined;
}) {
  const handleError = useStaffErrorHandler();
  const titleId = useId();
  const download = useMutation({
    mutationFn: async (type: StudentDownloadType) => {
      const result = await requestStudentDownload(type, faculty, season);
      if (result.status === 'error') return handleError(result);
      openDownload(result.data.path);
      showSuccessNotice(MESSAGES.fileDownloaded);
    },
  });
  const types = downloadsFor(role);
  if (types.length === 0) return null;

  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={titleId}>
      <Stack gap="sm">
        <div>
          <Title order={3} fz="lg" id={titleId}>
            {TITLE}
          </Title>
          <Text size="sm" c="dimmed">
            {faculty ?? ALL_FACULTIES}
          </Text>
        </div>
        <Group gap="sm">
          {types.map((type) => (
            <Button
              key={type}
              size="sm"
              variant="light"
              loading={download.isPending && download.variables === type}
              disabled={download.isPending}
              onClick={() => download.mutate(type)}
            >
              {DOWNLOAD_LABELS[type]}
            </Button>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
