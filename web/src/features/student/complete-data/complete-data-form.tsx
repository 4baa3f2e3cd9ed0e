import { Button as MantineButton, Stack, Text } from '@mantine/core';
import {
  IMAGE_KIND_LABELS,
  IMAGE_KINDS,
  type ImageKind,
  isImageKind,
  MESSAGES,
  TOAST_SUCCESS_MS,
  validateCompleteData,
} from '@portal/common';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { showApiError, showSuccessNotice } from '@/components/notices';
import { useRefreshStudent, useStudentSession, withStudentFlags } from '@/lib/student-session';
import { storedPhotoUrl } from './api';
import classes from './complete-data.module.css';
import { clearDraft, type Draft, saveDraft } from './draft-storage';
import { fieldOfMessage } from './field-of-message';
import { type FieldProblem, FieldProblemContext, focusInput } from './field-problem';
import { DataSections, type FormStep, formSteps, Section } from './form-sections';
import {
  type CollegeFlags,
  type FormField,
  type CompleteDataForm as FormValues,
  fieldOfInput,
  inputOfField,
  valuesOf,
  wireFields,
} from './form-values';
import { COMPRESSION_HINT, ImagePickers } from './image-picker';
import { MessageBox } from './message-box';
import { ShowStoredPreviews } from './stored-previews';
import { uploadCompleteData } from './upload';
import { forgetUploads } from './upload-memory';
import { waitingForUploads } from './upload-messages';
import { UploadProgress } from './upload-progress';
import {
  finishedUploads,
  firstFailedUpload,
  firstImageProblem,
  uploadingKinds,
  useImageChoices,
} from './use-image-choices';
import { useStagedCount } from './use-staged-count';

/** Spec sections 4 and 9: after a successful submit the student goes on to the forms after 2 s. */
export const REDIRECT_AFTER_SUCCESS_MS = 2000;
export const FORMS_DOWNLOAD_PATH = '/dashboard/formsDownload';

const DRAFT_KEPT = 'يتم حفظ ما تكتبه على هذا الجهاز تلقائيا حتى تُرسل البيانات بنجاح.';
const DISCARD_DRAFT = 'تجاهل البيانات المستعادة';
const SECTION_FILES = 'رفع الملفات';
const SUBMIT = 'حفظ البيانات';
const SENDING = 'جاري إرسال البيانات...';
const WAITING = 'في انتظار اكتمال رفع الصور';
const SAVED = 'تم حفظ بياناتك، سيتم نقلك إلى صفحة تنزيل الاستمارات...';

interface CompleteDataFormProps {
  studentId: string;
  college: CollegeFlags;
  /** The tourism college's programs (undefined for other colleges). */
  programs: readonly string[] | undefined;
  /** The inputs to start from: the stored values, with a restored draft over them. */
  initialValues: FormValues;
  /** The stored values alone, for discarding the restored draft. */
  storedValues: FormValues;
  restoredDraft: boolean;
  storedImageKinds: readonly ImageKind[];
}

/** `waiting`: the fields are checked, some documents are still uploading; the submit goes on once they are in. */
type Phase = 'editing' | 'preparing' | 'waiting' | 'sending' | 'done';

// Split after an even number of pickers, the two grids lay out as one.
const FIRST_IMAGES = IMAGE_KINDS.slice(0, 4);
const OTHER_IMAGES = IMAGE_KINDS.slice(4);

/** The complete-data form (spec sections 2, 3 and 5): sections by college, six images, one submit. */
export function CompleteDataForm(props: CompleteDataFormProps) {
  const { studentId, college, programs, initialValues, storedValues, storedImageKinds } = props;
  const form = useForm<FormValues>({ defaultValues: initialValues });
  const images = useImageChoices(storedImageKinds, studentId);
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('editing');
  const [progress, setProgress] = useState(0);
  const [draftNotice, setDraftNotice] = useState(props.restoredDraft);
  // The stored images are identity documents: previewed only once the student asked and passed the step-up.
  const [storedShown, setStoredShown] = useState(false);
  const problemRef = useRef(problem);
  problemRef.current = problem;
  const { session, setSession } = useStudentSession();
  const refresh = useRefreshStudent();
  const navigate = useNavigate();
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);

  // What the student types is kept until a successful submit; a typed change also clears that field's problem.
  useEffect(() => {
    const subscription = form.watch((values, { name, type }) => {
      if (type !== 'change' || name === undefined) return;
      saveDraft(studentId, values as Draft);
      const current = problemRef.current;
      if (current && isFormField(current.target)) {
        if (fieldOfInput(current.target) === fieldOfInput(name)) setProblem(null);
      }
    });
    return () => subscription.unsubscribe();
  }, [form, studentId]);

  // Each problem is a new object, so the same rule failing again points at its input again.
  useEffect(() => {
    if (problem !== null) focusInput(problem.target);
  }, [problem]);

  useEffect(
    () => () => {
      if (redirect.current !== null) clearTimeout(redirect.current);
    },
    [],
  );

  const point = useCallback((next: FieldProblem) => {
    setServerError(null);
    setProblem(next);
  }, []);

  const chooseImage = useCallback(
    (kind: ImageKind, file: File) => {
      if (problemRef.current?.target === kind) setProblem(null);
      images.choose(kind, file);
    },
    [images.choose],
  );

  const discardDraft = () => {
    clearDraft(studentId);
    form.reset(storedValues);
    setProblem(null);
    setDraftNotice(false);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (phase !== 'editing') return;
    const typed = form.getValues();
    // Rules 1–7 with the shared validator, in the spec's order: the first broken one is shown.
    const checked = validateCompleteData(valuesOf(typed), {
      ...college,
      ...(programs ? { programs } : {}),
    });
    if (!checked.ok) {
      point({ target: inputOfField(checked.field, typed), message: checked.message });
      return;
    }
    // Rule 8, once every chosen image is checked and compressed.
    setPhase('preparing');
    const slots = await images.settled();
    const imageProblem = firstImageProblem(slots);
    if (imageProblem) {
      setPhase('editing');
      point({ target: imageProblem.kind, message: imageProblem.message });
      return;
    }
    setProblem(null);
    setServerError(null);
    // Each document uploads on its own as soon as it is picked (issue 34): the submit waits for those still going.
    setPhase('waiting');
    const uploaded = await images.uploadsSettled();
    const failed = firstFailedUpload(uploaded);
    if (failed) {
      setPhase('editing');
      point({ target: failed.kind, message: failed.message });
      return;
    }
    setProgress(0);
    setPhase('sending');
    const result = await uploadCompleteData({
      studentId,
      fields: wireFields(checked.data, college),
      uploads: finishedUploads(uploaded),
      onProgress: setProgress,
    });
    if (result.status === 'error') {
      setPhase('editing');
      showApiError(result);
      const target = fieldOfMessage(result.message);
      if (target === null) setServerError(result.message);
      else {
        const input = isImageKind(target) ? target : inputOfField(target, form.getValues());
        point({ target: input, message: result.message });
      }
      // 403: the college's deadline has passed, perhaps moved since this screen opened; the fresh lookup brings
      // it, and the notice at the top of the screen says the data entry is closed.
      if (result.httpStatus === 403) void refresh();
      return;
    }
    clearDraft(studentId);
    forgetUploads(studentId, IMAGE_KINDS);
    setPhase('done');
    showSuccessNotice(MESSAGES.studentDataUpdated, TOAST_SUCCESS_MS);
    // Complete at once, so the forms screen opens even before (or without) the fresh lookup.
    if (session !== null) setSession(withStudentFlags(session, { isComplete: true }));
    redirect.current = setTimeout(() => navigate(FORMS_DOWNLOAD_PATH), REDIRECT_AFTER_SUCCESS_MS);
    const fresh = await refresh();
    if (fresh !== null && !fresh.studentObj.isComplete) {
      setSession(withStudentFlags(fresh, { isComplete: true }));
    }
  };

  const locked = phase === 'sending' || phase === 'done';
  const waitingFor = phase === 'waiting' ? uploadingKinds(images.slots) : [];
  const [firstStored] = storedImageKinds;
  const storedPreviewUrl = storedShown ? (kind: ImageKind) => storedPhotoUrl(studentId, kind) : null;
  const message = problem?.message ?? serverError;

  const steps = formSteps(college, programs !== undefined);
  const shown = useStagedCount(steps.length);
  const has = (step: FormStep) => {
    const index = steps.indexOf(step);
    // A step of another college (not in `steps`) is never rendered.
    return index !== -1 && index < shown;
  };

  return (
    <FormProvider {...form}>
      <FieldProblemContext value={problem}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="lg">
            {draftNotice ? (
              <MessageBox type="info" title={MESSAGES.draftRestored}>
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{DRAFT_KEPT}</Text>
                  <MantineButton
                    variant="outline"
                    size="sm"
                    onClick={discardDraft}
                    disabled={locked}
                    classNames={{ root: classes.wrapButton, label: classes.wrapLabel }}
                  >
                    {DISCARD_DRAFT}
                  </MantineButton>
                </Stack>
              </MessageBox>
            ) : (
              <MessageBox type="info">{DRAFT_KEPT}</MessageBox>
            )}

            <DataSections has={has} college={college} programs={programs} locked={locked} />

            {has('files') && (
              <Section title={SECTION_FILES} hint={COMPRESSION_HINT}>
                {firstStored !== undefined && !storedShown && (
                  <ShowStoredPreviews
                    studentId={studentId}
                    probeKind={firstStored}
                    onShown={() => setStoredShown(true)}
                  />
                )}
                <ImagePickers
                  kinds={FIRST_IMAGES}
                  slots={images.slots}
                  storedPreviewUrl={storedPreviewUrl}
                  disabled={locked}
                  onChoose={chooseImage}
                  onClear={images.clear}
                  onRetry={images.retry}
                />
                {has('filesRest') && (
                  <ImagePickers
                    kinds={OTHER_IMAGES}
                    slots={images.slots}
                    storedPreviewUrl={storedPreviewUrl}
                    disabled={locked}
                    onChoose={chooseImage}
                    onClear={images.clear}
                    onRetry={images.retry}
                  />
                )}
              </Section>
            )}

            {/* Last, so the rules checked on submit, and the focus they move to any input, meet the whole form. */}
            {has('end') && (
              <>
                {message !== null && phase === 'editing' && <MessageBox type="error">{message}</MessageBox>}
                {waitingFor.length > 0 && (
                  <MessageBox type="load" title={WAITING}>
                    {waitingForUploads(waitingFor.map((kind) => IMAGE_KIND_LABELS[kind]))}
                  </MessageBox>
                )}
                {phase === 'sending' && <UploadProgress title={SENDING} progress={progress} />}
                {phase === 'done' && <MessageBox type="info">{SAVED}</MessageBox>}

                <Button
                  type="submit"
                  loading={phase !== 'editing'}
                  w={{ base: '100%', sm: 'auto' }}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {SUBMIT}
                </Button>
              </>
            )}
          </Stack>
        </form>
      </FieldProblemContext>
    </FormProvider>
  );
}

function isFormField(target: FormField | ImageKind): target is FormField {
  return !isImageKind(target);
}
