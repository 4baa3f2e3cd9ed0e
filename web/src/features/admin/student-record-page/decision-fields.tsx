import { Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import {
  type ImageKind,
  REFUSAL_REASON_LABELS,
  REFUSAL_REASONS,
  REVIEW_NOTE_MAX_LENGTH,
  type RefusalReason,
} from '@portal/common';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { ERROR_PROPS } from '@/components/admin/field-error';
import { draftPath, type ReviewDraft, type ReviewOutput } from './review-form';

const DECISION = 'قرار المستند';
const ACCEPT = 'قبول المستند';
const REFUSE = 'رفض المستند';
const REASON = 'سبب الرفض';
const NOTE = 'ملاحظة تظهر للطالب';
const NOTE_OPTIONAL = 'اختيارية، وتلزم عند اختيار «سبب آخر». اكتب ما على الطالب إصلاحه.';
const UNDO = 'التراجع عن التغيير';

interface DecisionFieldsProps {
  kind: ImageKind;
  control: Control<ReviewDraft, unknown, ReviewOutput>;
  /** The document's decision differs from the saved one (the undo button shows). */
  changed: boolean;
  onUndo: () => void;
  /** A closed season's student: the saved decision shows, and nothing can be chosen. */
  disabled: boolean;
}

/**
 * Accept or refuse one document; a refusal asks for a reason from the fixed list and an optional note (required
 * for 'other'). The reasons are radio buttons rather than a dropdown: all six stay in view and one click picks.
 */
export function DecisionFields({ kind, control, changed, onUndo, disabled }: DecisionFieldsProps) {
  const decision = useWatch({ control, name: draftPath(kind, 'decision') });
  const reason = useWatch({ control, name: draftPath(kind, 'reason') }) as RefusalReason | '';
  const note = useWatch({ control, name: draftPath(kind, 'note') }) as string;

  return (
    <Stack gap="md">
      <Controller
        control={control}
        name={draftPath(kind, 'decision')}
        render={({ field, fieldState }) => (
          <Radio.Group
            label={DECISION}
            value={field.value || null}
            onChange={field.onChange}
            error={fieldState.error?.message}
            errorProps={ERROR_PROPS}
          >
            <Group gap="lg" mt="xs">
              <Radio
                ref={field.ref}
                value="accepted"
                label={ACCEPT}
                color="teal.8"
                aria-keyshortcuts="A"
                size="md"
                disabled={disabled}
              />
              <Radio
                value="rejected"
                label={REFUSE}
                color="red.9"
                aria-keyshortcuts="R"
                size="md"
                disabled={disabled}
              />
            </Group>
          </Radio.Group>
        )}
      />

      {decision === 'rejected' && (
        <>
          <Controller
            control={control}
            name={draftPath(kind, 'reason')}
            render={({ field, fieldState }) => (
              <Radio.Group
                label={REASON}
                withAsterisk
                value={field.value || null}
                onChange={field.onChange}
                error={fieldState.error?.message}
                errorProps={ERROR_PROPS}
              >
                <Stack gap="xs" mt="xs">
                  {REFUSAL_REASONS.map((code, index) => (
                    <Radio
                      key={code}
                      // Focus goes to the chosen reason, or the first when none is chosen yet ('R' and errors).
                      ref={(field.value ? field.value === code : index === 0) ? field.ref : undefined}
                      value={code}
                      label={REFUSAL_REASON_LABELS[code]}
                      disabled={disabled}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            )}
          />
          <Controller
            control={control}
            name={draftPath(kind, 'note')}
            render={({ field, fieldState }) => (
              <Textarea
                {...field}
                value={field.value as string}
                label={NOTE}
                // The count sits under the field, inside its description, so it is read with the field.
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                description={
                  <>
                    {NOTE_OPTIONAL}{' '}
                    <Text span inherit c={note.length > REVIEW_NOTE_MAX_LENGTH ? 'red.9' : undefined}>
                      عدد الأحرف: {note.length} من {REVIEW_NOTE_MAX_LENGTH}.
                    </Text>
                  </>
                }
                withAsterisk={reason === 'other'}
                rows={3}
                resize="vertical"
                dir="auto"
                disabled={disabled}
                error={fieldState.error?.message}
                errorProps={ERROR_PROPS}
              />
            )}
          />
        </>
      )}

      {changed && (
        <Group>
          <Button size="sm" variant="subtle" onClick={onUndo}>
            {UNDO}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
