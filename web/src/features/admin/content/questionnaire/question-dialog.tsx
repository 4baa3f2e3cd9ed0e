import { Alert, Modal, Select, Stack, Switch, Text, Textarea } from '@mantine/core';
import {
  QUESTION_TYPES,
  type QuestionEntry,
  type QuestionPatch,
  type QuestionType,
  questionCreateSchema,
  validateQuestionDefinition,
} from '@portal/common';
import { useId } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { DialogActions } from '@/components/admin/content/dialog-actions';
import { ProblemAlert } from '@/components/admin/content/problem-alert';
import { useAddOrEdit } from '@/components/admin/content/use-add-or-edit';
import { DIALOG_STYLES } from '@/components/admin/dialog-styles';
import { ERROR_PROPS } from '@/components/admin/field-error';
import { schemaResolver } from '@/components/admin/schema-resolver';
import { useStaffSession } from '@/components/admin/staff-session';
import { addQuestion, patchQuestion, useChangeQuestions, withQuestion } from './api/questionnaire';
import { OPTIONS_HINTS, optionLines, QUESTION_TYPE_LABELS } from './question-types';

const TITLES = { add: 'إضافة سؤال', edit: 'تعديل السؤال' } as const;
const TYPE = 'نوع السؤال';
const TEXT = 'نص السؤال';
const DESCRIPTION = 'الوصف';
const DESCRIPTION_HINT = 'اختياري: يظهر تحت السؤال للطالب.';
const OPTIONS = 'الاختيارات';
const OPTIONS_LINES = 'اكتب كل اختيار في سطر مستقل.';
const ACTIVE = 'مفعل';
const ACTIVE_HINT = 'السؤال غير المفعل لا يظهر للطلاب، وتبقى إجابات من أجابوا عنه.';
const TYPE_OPTIONS = QUESTION_TYPES.map((type) => ({ value: type, label: QUESTION_TYPE_LABELS[type] }));

/** Answers already given keep the question as it was when answered. */
const answeredNote = (count: number) =>
  `عدد الطلاب الذين أجابوا عن هذا السؤال: ${count}. تبقى إجاباتهم محفوظة مع نص السؤال واختياراته كما رأوها، ويرى الطلاب الجدد السؤال بعد التعديل.`;

interface QuestionFormValues {
  type: QuestionType;
  question: string;
  description: string;
  /** One option per line. Kept while the type is 'input' (which has none), so switching back loses nothing. */
  options: string;
  active: boolean;
}

type QuestionRequest = ReturnType<typeof questionCreateSchema.parse>;

const toRequest = ({ type, question, description, options, active }: QuestionFormValues) => ({
  type,
  question,
  description,
  options: type === 'input' ? [] : optionLines(options),
  active,
});

const fieldRules = schemaResolver<QuestionFormValues, QuestionRequest>(questionCreateSchema, {
  toRequest,
  // An option's own problem (['options', 2]) shows on the options field.
  fieldOf: (issue) => String(issue.path[0] ?? 'question'),
});

/**
 * The shared schema's field rules, then the definition rule the server applies to the question as a whole
 * (`validateQuestionDefinition`: two distinct options, 'أخرى' or 'نعم' where the type asks for extra text), with
 * the same Arabic messages.
 */
const resolver: Resolver<QuestionFormValues, unknown, QuestionRequest> = async (values, context, options) => {
  const checked = await fieldRules(values, context, options);
  const definition = validateQuestionDefinition(toRequest(values));
  if (definition.ok || checked.errors.options) return checked;
  return {
    values: {},
    errors: { ...checked.errors, options: { type: 'validate', message: definition.message } },
  };
};

/** What an edit sends: only what differs from the stored question. */
function changedFields(stored: QuestionEntry, input: QuestionRequest): QuestionPatch {
  const patch: QuestionPatch = {};
  if (input.type !== stored.type) patch.type = input.type;
  if (input.question !== stored.question) patch.question = input.question;
  if (input.description !== stored.description) patch.description = input.description;
  if (JSON.stringify(input.options) !== JSON.stringify(stored.options)) patch.options = input.options;
  if (input.active !== stored.active) patch.active = input.active;
  return patch;
}

export type QuestionDialogState = { mode: 'add' } | { mode: 'edit'; question: QuestionEntry };

interface QuestionDialogProps {
  state: QuestionDialogState;
  onClose: () => void;
}

/** Adds or edits a questionnaire question: its type, text, description, options and whether students see it. */
export function QuestionDialog({ state, onClose }: QuestionDialogProps) {
  const { token } = useStaffSession();
  const changeQuestions = useChangeQuestions(token);
  const editing = state.mode === 'edit' ? state.question : undefined;
  const activeHintId = useId();
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<QuestionFormValues, unknown, QuestionRequest>({
    resolver,
    defaultValues: {
      type: editing?.type ?? 'mcq',
      question: editing?.question ?? '',
      description: editing?.description ?? '',
      options: editing?.options.join('\n') ?? '',
      active: editing?.active ?? true,
    },
  });
  const type = watch('type');

  const { save, problem } = useAddOrEdit({
    add: addQuestion,
    edit: editing && {
      changes: (input: QuestionRequest) => changedFields(editing, input),
      send: (patch: QuestionPatch) => patchQuestion(editing.id, patch),
    },
    onSaved: (question) => changeQuestions(withQuestion(question)),
    onClose,
  });

  return (
    <Modal opened onClose={onClose} title={TITLES[state.mode]} size="lg" centered styles={DIALOG_STYLES}>
      <form onSubmit={handleSubmit((input) => save.mutate(input))} noValidate>
        <Stack gap="md">
          {editing && editing.answeredCount > 0 && (
            <Alert color="blue" variant="light" role="note">
              {answeredNote(editing.answeredCount)}
            </Alert>
          )}
          <Controller
            control={control}
            name="type"
            render={({ field }) => (
              <Select
                size="md"
                label={TYPE}
                data={TYPE_OPTIONS}
                value={field.value}
                onChange={(value) => value !== null && field.onChange(value as QuestionType)}
                onBlur={field.onBlur}
                ref={field.ref}
                allowDeselect={false}
                error={errors.type?.message}
                errorProps={ERROR_PROPS}
                data-autofocus
              />
            )}
          />
          <Textarea
            size="md"
            label={TEXT}
            rows={2}
            resize="vertical"
            error={errors.question?.message}
            errorProps={ERROR_PROPS}
            {...register('question')}
          />
          <Textarea
            size="md"
            label={DESCRIPTION}
            description={DESCRIPTION_HINT}
            rows={2}
            resize="vertical"
            error={errors.description?.message}
            errorProps={ERROR_PROPS}
            {...register('description')}
          />
          {type !== 'input' && (
            <Textarea
              size="md"
              label={OPTIONS}
              description={`${OPTIONS_LINES} ${OPTIONS_HINTS[type]}`}
              rows={4}
              resize="vertical"
              error={errors.options?.message}
              errorProps={ERROR_PROPS}
              {...register('options')}
            />
          )}
          <Controller
            control={control}
            name="active"
            render={({ field }) => (
              <Stack gap={4}>
                <Switch
                  size="md"
                  label={ACTIVE}
                  aria-describedby={activeHintId}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                />
                <Text id={activeHintId} size="sm" c="dimmed">
                  {ACTIVE_HINT}
                </Text>
              </Stack>
            )}
          />
          <ProblemAlert message={problem} />
          <DialogActions pending={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
