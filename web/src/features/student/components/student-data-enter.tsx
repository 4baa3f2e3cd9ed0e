import { Stack, Text } from '@mantine/core';
import type { ImageKind } from '@portal/common';
import { useDeferredValue, useMemo } from 'react';
import { Button } from '@/components/button';
import { useCollegePrograms, useStoredCompleteData } from '../complete-data/api';
import { CompleteDataForm } from '../complete-data/complete-data-form';
import { draftChanges, loadDraft } from '../complete-data/draft-storage';
import { type CompleteDataForm as FormValues, formFromStored } from '../complete-data/form-values';
import { MessageBox } from '../complete-data/message-box';
import { DataDeadline } from '../deadline/data-deadline';
import { useLoadedSession } from './student-guard';

const LOADING = 'جاري تحميل بياناتك...';
const RETRY = 'إعادة المحاولة';

/**
 * studentDataEnter (spec sections 2, 3 and 5): the complete-data form, filled with what the student already
 * saved, with any unsent draft of this device over it; the college's deadline above it (issue 17). After the
 * deadline the form stays, to read, and the server refuses its submit with the message the form shows.
 */
export function StudentDataEnter() {
  const { studentID, studentObj } = useLoadedSession();
  const college = { socialWork: studentObj.socialWork, tourism: studentObj.tourism };
  const stored = useStoredCompleteData(studentID);
  const programs = useCollegePrograms(studentObj.college, studentObj.tourism);

  const loadError =
    stored.data?.status === 'error'
      ? stored.data.message
      : programs.data?.status === 'error'
        ? programs.data.message
        : null;
  const storedData = stored.data?.status === 'success' ? stored.data.data.data : undefined;
  const programList = programs.data?.status === 'success' ? programs.data.data.data.data : undefined;

  const start = useMemo(() => {
    if (storedData === undefined) return null;
    const storedValues = formFromStored(storedData.values);
    const draft = loadDraft(studentID);
    const changes = draft ? draftChanges(draft, storedValues) : {};
    const restoredDraft = Object.keys(changes).length > 0;
    const initialValues: FormValues = { ...storedValues, ...changes };
    const storedImageKinds: ImageKind[] = storedData.photos.map((photo) => photo.kind);
    return { storedValues, initialValues, restoredDraft, storedImageKinds };
  }, [storedData, studentID]);

  // The form's first render (react-hook-form's set-up included) in a background render React slices, not in the
  // render that brings the data, which must not wait: that one shows the loading message a moment longer.
  const deferredStart = useDeferredValue(start);
  const ready = deferredStart !== null && (!studentObj.tourism || programList !== undefined);

  return (
    <Stack gap="lg">
      <DataDeadline deadline={studentObj.dataDeadline} />
      {loadError !== null ? (
        <MessageBox type="error">
          <Stack gap="sm" align="flex-start">
            <Text>{loadError}</Text>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                if (stored.data?.status === 'error') void stored.refetch();
                if (programs.data?.status === 'error') void programs.refetch();
              }}
            >
              {RETRY}
            </Button>
          </Stack>
        </MessageBox>
      ) : !ready ? (
        <MessageBox type="load">{LOADING}</MessageBox>
      ) : (
        <CompleteDataForm
          studentId={studentID}
          college={college}
          programs={studentObj.tourism ? programList : undefined}
          initialValues={deferredStart.initialValues}
          storedValues={deferredStart.storedValues}
          restoredDraft={deferredStart.restoredDraft}
          storedImageKinds={deferredStart.storedImageKinds}
        />
      )}
    </Stack>
  );
}
