import { Alert, Group, Stack, Tabs, Text } from '@mantine/core';
import {
  IMAGE_KIND_LABELS,
  IMAGE_KINDS,
  type ImageKind,
  REVIEW_MESSAGES,
  SEASON_MESSAGES,
  type StudentRecordPage,
} from '@portal/common';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { queuePageSearch, queueSearch, type ReviewQueuePage } from '@/components/admin/api/review-queue';
import { useStaffErrorHandler, useStaffSession } from '@/components/admin/staff-session';
import { studentRecordPath } from '@/components/admin/student-record-path';
import { Button } from '@/components/button';
import { showErrorNotice, showSuccessNotice } from '@/components/notices';
import type { ApiResult } from '@/lib/api-client';
import { useNextInQueue } from './api/next-in-queue';
import { recordKey, saveReview, withSavedReview } from './api/student-record';
import { useDocumentImages } from './api/use-document-images';
import { DecisionFields } from './decision-fields';
import { DocumentFacts } from './document-facts';
import { DocumentTab } from './document-tab';
import { DocumentViewer } from './document-viewer';
import {
  type DraftPath,
  draftOf,
  draftPath,
  firstError,
  inFormOrder,
  isChanged,
  type ReviewDraft,
  type ReviewOutput,
  reviewResolver,
  savedDraft,
} from './review-form';
import { ShortcutHelp } from './shortcut-help';
import classes from './student-record.module.css';
import { useReviewShortcuts } from './use-review-shortcuts';

const DOCUMENTS = 'مستندات الطالب';
const SAVE = 'حفظ المراجعة';
const SAVE_AND_NEXT = 'حفظ والطالب التالي';
const SKIP = 'تخطي الطالب';
const NOTHING_CHANGED = 'لم تغير أي قرار بعد: اقبل المستندات أو ارفضها ثم احفظ.';
const QUEUE_DONE = 'لا يوجد طلاب آخرون بانتظار المراجعة في هذه القائمة';
const NOT_UPLOADED = 'لم يرفع الطالب بعد';
const NATIONAL_ID = 'الرقم القومي';
const HIDE_MESSAGE = 'إخفاء الرسالة';

type SavedRecord = ApiResult<{ status: 'success'; data: StudentRecordPage }>;

interface DocumentReviewProps {
  record: StudentRecordPage;
  /** The queue the page was opened from: 'save and next' then moves to its next student. */
  queue: ReviewQueuePage | null;
  /** Reads the record again (after a 409, so the newer decisions show). */
  onReload: () => Promise<unknown>;
  /** A closed season's student (issue 21): the decisions show, disabled, and nothing can be saved. */
  readOnly: boolean;
}

/**
 * The review of a student's six documents (issue 16): one document at a time, large, with its decision beside a
 * strip of all six; every decision is kept in one form and the whole student is saved at once, based on the
 * version the page loaded, so a reviewer never saves over a colleague's newer decisions.
 */
export function DocumentReview({ record, queue, onReload, readOnly }: DocumentReviewProps) {
  const { token } = useStaffSession();
  const handleError = useStaffErrorHandler();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const nextInQueue = useNextInQueue(token);
  const student = record.student;
  const documents = useMemo(() => inFormOrder(record.documents), [record.documents]);
  const { images, retry } = useDocumentImages(student._id, documents);
  const [current, setCurrent] = useState<ImageKind | undefined>(documents[0]?.kind);
  const [stale, setStale] = useState<string | null>(null);
  const [moving, setMoving] = useState(false);
  const [focusTarget, setFocusTarget] = useState<{ path: DraftPath } | null>(null);
  const resolver = useMemo(() => reviewResolver(documents), [documents]);
  const { control, handleSubmit, reset, setValue, clearErrors, setFocus, formState } = useForm<
    ReviewDraft,
    unknown,
    ReviewOutput
  >({ defaultValues: draftOf(documents), resolver, shouldFocusError: false });
  const draft = useWatch({ control, name: 'decisions' });

  // A new version (this save's, or a reload after a 409) is what the form shows from then on.
  const shownVersion = useRef(record.version);
  useEffect(() => {
    if (shownVersion.current === record.version) return;
    shownVersion.current = record.version;
    reset(draftOf(documents));
  }, [record.version, documents, reset]);

  // Focus waits for the render that shows the field (the reasons appear only once 'refuse' is chosen).
  useEffect(() => {
    if (focusTarget) setFocus(focusTarget.path);
  }, [focusTarget, setFocus]);

  const changedCount = documents.filter((document) => isChanged(draft[document.kind], document)).length;
  const undecidedCount = documents.filter((document) => !draft[document.kind]?.decision).length;
  const index = documents.findIndex((document) => document.kind === current);
  const shown = documents[index];

  const moveBy = (step: number) => {
    const next = documents[index + step];
    if (next) setCurrent(next.kind);
  };

  const decide = (decision: 'accepted' | 'rejected') => {
    if (!shown) return;
    setValue(draftPath(shown.kind, 'decision'), decision, { shouldDirty: true });
    clearErrors(`decisions.${shown.kind}`);
  };

  const moveOn = useCallback(
    async (from: ReviewQueuePage) => {
      setMoving(true);
      const next = await nextInQueue(student._id, from);
      setMoving(false);
      if ('error' in next) return handleError(next.error);
      if (next.id === null) {
        showSuccessNotice(QUEUE_DONE);
        return navigate(`/admin/review${queuePageSearch({ faculty: from.faculty, page: 1 })}`);
      }
      navigate(studentRecordPath(next.id, queueSearch(next.queue)));
    },
    [handleError, navigate, nextInQueue, student._id],
  );

  const save = (andNext: boolean) =>
    handleSubmit(
      async ({ decisions }) => {
        if (decisions.length === 0) {
          if (andNext && queue) return moveOn(queue);
          return showErrorNotice(NOTHING_CHANGED);
        }
        const result = await saveReview(student._id, { version: record.version, decisions });
        if (result.status === 'error') {
          // Another reviewer (or the student's new upload) came first: show theirs, and the reviewer decides again.
          if (result.httpStatus === 409) {
            setStale(result.message);
            showErrorNotice(result.message);
            await onReload();
            return;
          }
          return handleError(result);
        }
        setStale(null);
        queryClient.setQueryData<SavedRecord>(recordKey(token, student._id), (old) =>
          old?.status === 'success'
            ? { ...old, data: { ...old.data, data: withSavedReview(old.data.data, result.data.data) } }
            : old,
        );
        showSuccessNotice(result.data.message);
        if (andNext && queue) await moveOn(queue);
      },
      (errors) => {
        const first = firstError(errors, documents);
        if (!first) return;
        setCurrent(first.kind);
        setFocusTarget({ path: draftPath(first.kind, first.field) });
      },
    )();

  const busy = formState.isSubmitting || moving;
  const canReview = student.isComplete && documents.length > 0;
  useReviewShortcuts(
    {
      accept: () => decide('accepted'),
      refuse: () => {
        if (!shown) return;
        decide('rejected');
        setFocusTarget({ path: draftPath(shown.kind, 'reason') });
      },
      next: () => moveBy(1),
      previous: () => moveBy(-1),
      save: () => {
        if (!busy) void save(queue !== null);
      },
    },
    canReview && !readOnly,
  );

  const missing = IMAGE_KINDS.filter((kind) => !documents.some((document) => document.kind === kind));

  return (
    <Stack gap="md">
      {!student.isComplete && (
        <Alert color="orange" variant="light" title={REVIEW_MESSAGES.reviewNotComplete} role="status" />
      )}
      {stale && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={stale}
          withCloseButton
          closeButtonLabel={HIDE_MESSAGE}
          onClose={() => setStale(null)}
        />
      )}
      {canReview && !readOnly && <ShortcutHelp fromQueue={queue !== null} />}

      {documents.length > 0 && (
        <Tabs
          value={current ?? null}
          onChange={(value) => value && setCurrent(value as ImageKind)}
          keepMounted={false}
          variant="unstyled"
          classNames={{
            list: classes.docList,
            tab: classes.docTab,
            tabLabel: classes.docTabLabelBox,
            panel: classes.docPanel,
          }}
        >
          <Tabs.List aria-label={DOCUMENTS}>
            {documents.map((document) => (
              <Tabs.Tab key={document.kind} value={document.kind}>
                <DocumentTab
                  document={document}
                  image={images[document.kind]}
                  decision={draft[document.kind]?.decision ?? ''}
                  changed={isChanged(draft[document.kind], document)}
                />
              </Tabs.Tab>
            ))}
          </Tabs.List>

          {documents.map((document) => (
            <Tabs.Panel key={document.kind} value={document.kind}>
              <Stack gap="md">
                <div>
                  <Text fw={700}>{IMAGE_KIND_LABELS[document.kind]}</Text>
                  <Text size="sm" c="dimmed">
                    {student.studentName} · {NATIONAL_ID}:{' '}
                    <bdi className={classes.digits}>{student.nationalID}</bdi>
                  </Text>
                </div>
                <DocumentViewer
                  key={document.kind}
                  image={images[document.kind]}
                  label={`${IMAGE_KIND_LABELS[document.kind]}: ${student.studentName}`}
                  onRetry={() => retry(document.kind)}
                />
                <DocumentFacts document={document} />
                {canReview && (
                  <DecisionFields
                    kind={document.kind}
                    control={control}
                    changed={isChanged(draft[document.kind], document)}
                    onUndo={() => {
                      setValue(`decisions.${document.kind}`, savedDraft(document));
                      clearErrors(`decisions.${document.kind}`);
                    }}
                    disabled={readOnly}
                  />
                )}
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      )}

      {missing.length > 0 && student.isComplete && (
        <Text c="dimmed" size="sm">
          {NOT_UPLOADED}: {missing.map((kind) => IMAGE_KIND_LABELS[kind]).join('، ')}
        </Text>
      )}

      {canReview && (
        <div className={classes.saveBar}>
          <Text size="sm" fw={500}>
            {readOnly ? (
              SEASON_MESSAGES.closed
            ) : (
              <>
                {changedCount > 0 ? `قرارات لم تحفظ: ${changedCount}` : 'لا توجد قرارات لم تحفظ'}
                {undecidedCount > 0 ? ` · مستندات بلا قرار: ${undecidedCount}` : ''}
              </>
            )}
          </Text>
          <Group gap="xs">
            {queue && (
              <Button
                size="sm"
                onClick={() => void save(true)}
                loading={busy}
                disabled={readOnly}
                aria-keyshortcuts="S Control+Enter"
              >
                {SAVE_AND_NEXT}
              </Button>
            )}
            <Button
              size="sm"
              variant={queue ? 'default' : 'filled'}
              onClick={() => void save(false)}
              loading={!queue && busy}
              disabled={readOnly || (queue !== null && busy)}
              aria-keyshortcuts={queue ? undefined : 'S Control+Enter'}
            >
              {SAVE}
            </Button>
            {queue && changedCount === 0 && (
              <Button size="sm" variant="subtle" onClick={() => void moveOn(queue)} disabled={busy}>
                {SKIP}
              </Button>
            )}
          </Group>
        </div>
      )}
    </Stack>
  );
}
