import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { MESSAGES, type Season } from '@portal/common';
import { useEffect, useId, useState } from 'react';
import { staffKeys, useStaffErrorHandler, useStaffSession } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import { seasonsOf, useSeasons } from '@/components/season-select/seasons-query';
import { DeleteSeasonDialog } from './delete-season-dialog';
import { OpenSeasonForm } from './open-season-form';
import { SeasonsTable } from './seasons-table';

const TITLE = 'الأعوام الدراسية';
const INTRO =
  'كل طالب ينتمي إلى عام دراسي. العام الحالي تعمل عليه الاستيرادات وتسجيل الدخول والمواعيد والإحصائيات؛ الأعوام السابقة مغلقة، تبقى للاطلاع والبحث والتنزيل في شاشات بيانات الطلاب والإحصائيات وسجل الطالب، ولا تعدل.';
const RETRY = 'إعادة المحاولة';

/**
 * Issue 21 (`/admin/seasons`, super admin only; the shell and the server both enforce it): the admission seasons,
 * opening the next one, and deleting a closed one with all its students.
 */
export function Seasons() {
  const { token } = useStaffSession();
  const handleError = useStaffErrorHandler();
  const seasonsQuery = useSeasons(staffKeys.of(token));
  const answer = seasonsQuery.data;
  const seasons = seasonsOf(answer);
  const current = seasons?.find((season) => season.current);
  const [toDelete, setToDelete] = useState<Season>();
  const captionId = useId();

  useEffect(() => {
    if (answer?.status === 'error' && answer.httpStatus === 401) handleError(answer);
  }, [answer, handleError]);

  return (
    <Stack gap="lg">
      <Title order={2}>{TITLE}</Title>
      <Text>{INTRO}</Text>

      {answer?.status === 'error' ? (
        <Alert color="red" variant="light" role="alert" title={answer.message}>
          <Button size="sm" variant="light" color="red" mt="xs" onClick={() => seasonsQuery.refetch()}>
            {RETRY}
          </Button>
        </Alert>
      ) : seasons === undefined ? (
        <Group role="status" justify="center" gap="sm" py="xl">
          <Loader size="sm" aria-hidden="true" />
          <Text>{MESSAGES.loading}</Text>
        </Group>
      ) : (
        <>
          <SeasonsTable seasons={seasons} captionId={captionId} onDelete={setToDelete} />
          {/* Keyed by the current season: once a new one opens, the form offers the year after it. */}
          <OpenSeasonForm key={current?.id} current={current} />
        </>
      )}

      {toDelete && <DeleteSeasonDialog season={toDelete} onClose={() => setToDelete(undefined)} />}
    </Stack>
  );
}
