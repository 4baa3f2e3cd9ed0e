import { Button as MantineButton, Stack, Text } from '@mantine/core';
import type { ImageKind } from '@portal/common';
import { useState } from 'react';
import { fetchBehindStepUp } from '../api/fetch-behind-step-up';
import { StepUpDialog } from '../components/step-up-dialog';
import { storedPhotoUrl } from './api';
import classes from './complete-data.module.css';

export const SHOW_STORED = 'عرض الصور المحفوظة';
export const STORED_HIDDEN_HINT = 'لحماية مستنداتك لا تظهر الصور المحفوظة إلا بعد التحقق من هويتك.';

interface StoredPreviewsProps {
  studentId: string;
  /** A kind the server holds: asked first, so a step-up already passed on this session needs no new code. */
  probeKind: ImageKind;
  onShown: () => void;
}

/**
 * Issue 33: the stored images are the student's identity documents, read like `GET /students/document` only after
 * a step-up. The button asks for one; when the server answers that a verification is needed, the step-up dialog
 * opens, and once it is passed the previews load. The form's submit never needs them.
 */
export function ShowStoredPreviews({ studentId, probeKind, onShown }: StoredPreviewsProps) {
  const [pending, setPending] = useState(false);
  const [asking, setAsking] = useState(false);

  const show = async () => {
    setPending(true);
    const outcome = await fetchBehindStepUp(storedPhotoUrl(studentId, probeKind));
    setPending(false);
    if (outcome === 'stepUp') setAsking(true);
    else if (outcome) onShown();
  };

  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{STORED_HIDDEN_HINT}</Text>
      <MantineButton
        variant="outline"
        size="sm"
        loading={pending}
        onClick={() => void show()}
        classNames={{ root: classes.wrapButton, label: classes.wrapLabel }}
      >
        {SHOW_STORED}
      </MantineButton>
      {asking && (
        <StepUpDialog
          studentId={studentId}
          onCancel={() => setAsking(false)}
          onPassed={() => {
            setAsking(false);
            onShown();
          }}
        />
      )}
    </Stack>
  );
}
