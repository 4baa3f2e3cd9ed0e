import { SimpleGrid, Stack, Text } from '@mantine/core';
import { IMAGE_KIND_LABELS, type ImageKind, REVIEW_MESSAGES } from '@portal/common';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { showApiError, showSuccessNotice } from '@/components/notices';
import { useRefreshStudent, useStudentSession, withStudentFlags } from '@/lib/student-session';
import { afterReplacement, replaceDocuments } from '../api/replace-documents';
import { type FieldProblem, FieldProblemContext, focusInput } from '../complete-data/field-problem';
import { COMPRESSION_HINT, ImagePicker } from '../complete-data/image-picker';
import { MessageBox } from '../complete-data/message-box';
import type { StagedUploads } from '../complete-data/upload';
import { forgetUploads } from '../complete-data/upload-memory';
import { waitingForUploads } from '../complete-data/upload-messages';
import { UploadProgress } from '../complete-data/upload-progress';
import {
  finishedUploads,
  firstFailedUpload,
  uploadingKinds,
  useImageChoices,
} from '../complete-data/use-image-choices';
import { DataDeadline } from '../deadline/data-deadline';
import { RefusalDetails, refusedDocuments } from './refused-documents';
import { useLoadedSession } from './student-guard';

export const STUDENT_DATA_VIEW_PATH = '/dashboard/studentDataView';

const SUBMIT = 'إرسال المستندات البديلة';
const SENDING = 'جاري إرسال الصور...';
const WAITING = 'في انتظار اكتمال رفع الصور';

// Every slot starts empty: a refused image is on the server, but it is the one to replace, not one to keep.
const NONE_STORED: readonly ImageKind[] = [];

type Phase = 'editing' | 'preparing' | 'waiting' | 'sending' | 'done';

/**
 * replaceDocuments (issue 16): a new image for each refused document, checked and compressed as the complete-data
 * form does, sent together; at least one. Only the refused documents are asked for: the server refuses any other.
 * The college's deadline stands at the top (issue 17); after it the server refuses the submit, as the form shows.
 */
export function ReplaceDocuments() {
  const { studentID, studentObj } = useLoadedSession();
  const refused = refusedDocuments(studentObj);
  const refusedKinds = refused.map((document) => document.kind);
  const images = useImageChoices(NONE_STORED, studentID);
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('editing');
  const [progress, setProgress] = useState(0);
  const problemRef = useRef(problem);
  problemRef.current = problem;
  const { session, setSession } = useStudentSession();
  const refresh = useRefreshStudent();
  const navigate = useNavigate();

  // Each problem is a new object, so the same rule failing again points at its input again.
  useEffect(() => {
    if (problem !== null) focusInput(problem.target);
  }, [problem]);

  const chooseImage = useCallback(
    (kind: ImageKind, file: File) => {
      // Any choice answers "choose at least one", wherever that message was shown.
      if (problemRef.current !== null) setProblem(null);
      setServerError(null);
      images.choose(kind, file);
    },
    [images.choose],
  );

  // Nothing to replace (all reviewed again, or never refused): the data screen says where the documents stand.
  if (refused.length === 0 && phase !== 'done') return <Navigate to={STUDENT_DATA_VIEW_PATH} replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (phase !== 'editing') return;
    setPhase('preparing');
    const slots = await images.settled();
    const unusable = refusedKinds.find((kind) => slots[kind].error !== null);
    if (unusable !== undefined) {
      setPhase('editing');
      setProblem({ target: unusable, message: slots[unusable].error ?? '' });
      return;
    }
    // Chosen on this page, or uploaded from this device before a reload.
    const chosen = refusedKinds.filter(
      (kind) => slots[kind].chosen !== null || slots[kind].upload?.state === 'done',
    );
    const [first] = refusedKinds;
    if (chosen.length === 0 && first !== undefined) {
      setPhase('editing');
      setProblem({ target: first, message: REVIEW_MESSAGES.replaceNothingSent });
      return;
    }
    setProblem(null);
    setServerError(null);
    // Each image uploads as soon as it is picked (issue 34): the submit waits for those still going.
    setPhase('waiting');
    const uploaded = await images.uploadsSettled();
    const failed = firstFailedUpload(uploaded);
    if (failed) {
      setPhase('editing');
      setProblem({ target: failed.kind, message: failed.message });
      return;
    }
    const finished = finishedUploads(uploaded);
    const uploads: StagedUploads = {};
    for (const kind of refusedKinds) if (finished[kind]) uploads[kind] = finished[kind];
    setProgress(0);
    setPhase('sending');
    const result = await replaceDocuments(studentID, uploads, setProgress);
    if (result.status === 'error') {
      setPhase('editing');
      showApiError(result);
      setServerError(result.message);
      // 409: what is refused changed since this screen opened (a reviewer saved again); ask only for what is now.
      // 403: the college's deadline has passed, perhaps moved since then; the notice at the top then says so.
      if (result.httpStatus === 409 || result.httpStatus === 403) void refresh();
      return;
    }
    setPhase('done');
    forgetUploads(studentID, refusedKinds);
    showSuccessNotice(REVIEW_MESSAGES.documentsReplaced);
    if (session !== null) {
      const replaced = refusedKinds.filter((kind) => uploads[kind] !== undefined);
      setSession(withStudentFlags(session, afterReplacement(session.studentObj, replaced)));
    }
    navigate(STUDENT_DATA_VIEW_PATH, { replace: true });
    void refresh();
  };

  const locked = phase === 'sending' || phase === 'done';
  const waitingFor = phase === 'waiting' ? uploadingKinds(images.slots) : [];
  const message = problem?.message ?? serverError;

  return (
    <FieldProblemContext value={problem}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          <DataDeadline deadline={studentObj.dataDeadline} />
          <Text size="sm" c="dimmed">
            {COMPRESSION_HINT}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {refused.map((document) => (
              <ImagePicker
                key={document.kind}
                kind={document.kind}
                slot={images.slots[document.kind]}
                disabled={locked}
                onChoose={chooseImage}
                onClear={images.clear}
                onRetry={images.retry}
                required={false}
                description={<RefusalDetails document={document} boxed />}
              />
            ))}
          </SimpleGrid>
          {message !== null && phase === 'editing' && <MessageBox type="error">{message}</MessageBox>}
          {waitingFor.length > 0 && (
            <MessageBox type="load" title={WAITING}>
              {waitingForUploads(waitingFor.map((kind) => IMAGE_KIND_LABELS[kind]))}
            </MessageBox>
          )}
          {phase === 'sending' && <UploadProgress title={SENDING} progress={progress} />}
          <Button
            type="submit"
            loading={phase !== 'editing'}
            w={{ base: '100%', sm: 'auto' }}
            style={{ alignSelf: 'flex-start' }}
          >
            {SUBMIT}
          </Button>
        </Stack>
      </form>
    </FieldProblemContext>
  );
}
