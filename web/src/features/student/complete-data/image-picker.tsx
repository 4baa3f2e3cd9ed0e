import { Button, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IMAGE_KIND_LABELS, type ImageKind } from '@portal/common';
import { type ChangeEvent, type ReactNode, useContext, useRef } from 'react';
import classes from './complete-data.module.css';
import { FieldProblemContext } from './field-problem';
import { errorId, inputId } from './form-values';
import {
  keptUploadText,
  RETRY_UPLOAD,
  UPLOAD_DONE,
  UPLOADING,
  unfinishedUploadText,
  uploadProgressLabel,
} from './upload-messages';
import type { ImageSlot, ImageSlots } from './use-image-choices';

/** Said once above a screen's pickers (the complete-data form, the document replacement). */
export const COMPRESSION_HINT = 'تُضغط كل صورة على جهازك قبل الإرسال (حتى 0.5 ميجابايت و1920 بكسل).';

// iPhone photos too: they are converted to JPEG on the device (issue 34).
const ACCEPT = 'image/png,image/jpeg,image/heic,image/heif,.heic,.heif';
const HINT = 'صورة واضحة بصيغة png أو jpeg (وتُحوَّل صور الآيفون HEIC تلقائيا)';
const CHOOSE = 'اختيار صورة';
const CHANGE = 'تغيير الصورة';
const STORED = 'تم رفع هذه الصورة من قبل، ولا يلزم اختيارها مرة أخرى إلا لتغييرها.';
const NOT_CHOSEN = 'لم يتم اختيار صورة بعد.';
const PROCESSING = 'جاري تجهيز الصورة...';
const CHOSEN = 'الصورة المختارة:';
const PREVIEW = 'معاينة';
/** Where a stored image would be previewed while it is hidden behind the step-up. */
export const STORED_PLACEHOLDER = 'صورة محفوظة';
const UNDO = 'إلغاء اختيار الصورة';

/** '320 ك.ب' or '1.4 م.ب'. */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} ك.ب`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} م.ب`;
}

/** What this slot holds, in words; a file name is isolated so its Latin text does not reorder the Arabic. */
function Status({ slot }: { slot: ImageSlot }) {
  if (slot.processing) return PROCESSING;
  if (slot.chosen) {
    return (
      <>
        {CHOSEN} <bdi>{slot.chosen.originalName}</bdi> ({formatSize(slot.chosen.file.size)})
      </>
    );
  }
  if (slot.keptName !== null && slot.upload?.state === 'done') return keptUploadText(slot.keptName);
  if (slot.stored && slot.error === null) return STORED;
  if (slot.keptName !== null) return unfinishedUploadText(slot.keptName);
  return NOT_CHOSEN;
}

/** The chosen image's upload: a labelled progress bar while it goes and once done; nothing else to say. */
function UploadBar({ slot, label }: { slot: ImageSlot; label: string }) {
  const { upload } = slot;
  if (slot.chosen === null || upload === null || upload.state === 'failed') return null;
  const percent = upload.state === 'done' ? 100 : upload.percent;
  return (
    <Stack gap={4}>
      <Progress
        value={percent}
        size="md"
        aria-label={uploadProgressLabel(label)}
        color={upload.state === 'done' ? 'teal.8' : undefined}
        animated={upload.state === 'uploading'}
        striped={upload.state === 'uploading'}
      />
      <Text size="sm" aria-hidden="true">
        {upload.state === 'done' ? UPLOAD_DONE : `${UPLOADING} ${percent}%`}
      </Text>
    </Stack>
  );
}

interface ImagePickerProps {
  kind: ImageKind;
  slot: ImageSlot;
  /** Where the stored image is previewed from; null keeps it hidden (shown only after a step-up, issue 33). */
  storedPreviewUrl?: string | null;
  disabled: boolean;
  onChoose: (kind: ImageKind, file: File) => void;
  onClear: (kind: ImageKind) => void;
  /** Another attempt at a failed upload (forms that upload each image at once). */
  onRetry?: (kind: ImageKind) => void;
  /** False where any one of several images will do (the replacement of refused documents): no required mark. */
  required?: boolean;
  /** Said under the label and read with the input, e.g. why the stored image was refused. */
  description?: ReactNode;
}

/** One document image: a labelled file input, what is chosen or stored, its preview, and why a file was refused. */
export function ImagePicker({
  kind,
  slot,
  storedPreviewUrl = null,
  disabled,
  onChoose,
  onClear,
  onRetry,
  required = true,
  description,
}: ImagePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const problem = useContext(FieldProblemContext);
  const label = IMAGE_KIND_LABELS[kind];
  const id = inputId(kind);
  const hintId = `${id}-hint`;
  const descriptionId = `${id}-description`;
  const statusId = `${id}-status`;
  const failedUpload = slot.upload?.state === 'failed' ? slot.upload.message : null;
  const message = slot.error ?? failedUpload ?? (problem?.target === kind ? problem.message : null);
  const showsStored = slot.chosen === null && slot.stored && slot.error === null;
  const preview = slot.chosen?.previewUrl ?? (showsStored ? storedPreviewUrl : null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    // Closing the file dialog without a choice keeps the image already chosen.
    if (file) onChoose(kind, file);
  };
  const undo = () => {
    if (input.current) input.current.value = '';
    onClear(kind);
  };

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      className={classes.picker}
      data-invalid={message ? true : undefined}
    >
      <Stack gap="xs">
        <Text component="label" htmlFor={id} fw={600}>
          {label}
          {required && (
            <Text component="span" c="var(--mantine-color-error)" aria-hidden="true">
              {' *'}
            </Text>
          )}
        </Text>
        {description !== undefined && <div id={descriptionId}>{description}</div>}
        <Text id={hintId} size="sm" c="dimmed">
          {HINT}
        </Text>
        <input
          ref={input}
          id={id}
          type="file"
          accept={ACCEPT}
          className={classes.fileInput}
          disabled={disabled}
          aria-invalid={message ? true : undefined}
          aria-describedby={[
            description !== undefined ? descriptionId : null,
            hintId,
            statusId,
            message ? errorId(kind) : null,
          ]
            .filter(Boolean)
            .join(' ')}
          onChange={onChange}
        />
        {/* The visible button: a click opens the input's file dialog; keyboard users reach the input itself. */}
        <span className={classes.fileButton} aria-hidden="true" onClick={() => input.current?.click()}>
          {slot.chosen || slot.stored || slot.upload?.state === 'done' ? CHANGE : CHOOSE}
        </span>
        <Text id={statusId} size="sm" role="status">
          <Status slot={slot} />
        </Text>
        <UploadBar slot={slot} label={label} />
        {preview && <img src={preview} alt={`${PREVIEW} ${label}`} className={classes.preview} />}
        {/* The status above already says so to a screen reader; this only keeps the preview's place. */}
        {!preview && showsStored && (
          <div className={classes.storedPlaceholder} aria-hidden="true">
            {STORED_PLACEHOLDER}
          </div>
        )}
        {message && (
          // A refused file is announced here; a missing image at submit is announced by the form's message box.
          <Text
            id={errorId(kind)}
            role={slot.error || failedUpload ? 'alert' : undefined}
            size="sm"
            fw={500}
            c="var(--mantine-color-error)"
          >
            {message}
          </Text>
        )}
        {failedUpload !== null && slot.chosen && onRetry && !disabled && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => onRetry(kind)}
            style={{ alignSelf: 'flex-start' }}
            classNames={{ root: classes.wrapButton, label: classes.wrapLabel }}
          >
            {RETRY_UPLOAD}
          </Button>
        )}
        {(slot.chosen || slot.error || slot.keptName !== null) && !disabled && (
          <Button
            variant="subtle"
            size="sm"
            onClick={undo}
            style={{ alignSelf: 'flex-start' }}
            classNames={{ root: classes.wrapButton, label: classes.wrapLabel }}
          >
            {UNDO}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

interface ImagesSectionProps {
  kinds: readonly ImageKind[];
  slots: ImageSlots;
  /** Null while the stored images stay hidden. */
  storedPreviewUrl: ((kind: ImageKind) => string) | null;
  disabled: boolean;
  onChoose: (kind: ImageKind, file: File) => void;
  onClear: (kind: ImageKind) => void;
  onRetry?: (kind: ImageKind) => void;
}

/** Document images (`kinds`, in the order the rules check them). */
export function ImagePickers({
  kinds,
  slots,
  storedPreviewUrl,
  disabled,
  onChoose,
  onClear,
  onRetry,
}: ImagesSectionProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {kinds.map((kind) => (
        <ImagePicker
          key={kind}
          kind={kind}
          slot={slots[kind]}
          storedPreviewUrl={storedPreviewUrl?.(kind) ?? null}
          disabled={disabled}
          onChoose={onChoose}
          onClear={onClear}
          onRetry={onRetry}
        />
      ))}
    </SimpleGrid>
  );
}
