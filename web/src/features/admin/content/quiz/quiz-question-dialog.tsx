import { Alert, Group, Modal, NativeSelect, Radio, Stack, Textarea } from '@mantine/core';
import {
  CONTENT_LIMITS,
  type QuizQuestionCreate,
  type QuizQuestionEntry,
  type QuizQuestionPatch,
  quizQuestionCreateSchema,
} from '@portal/common';
import { Controller, useForm } from 'react-hook-form';
import { DialogActions } from '@/components/admin/content/dialog-actions';
import { ProblemAlert } from '@/components/admin/content/problem-alert';
import { useAddOrEdit } from '@/components/admin/content/use-add-or-edit';
import { DIALOG_STYLES } from '@/components/admin/dialog-styles';
import { ERROR_PROPS } from '@/components/admin/field-error';
import { schemaResolver } from '@/components/admin/schema-resolver';
import { useStaffSession } from '@/components/admin/staff-session';
import {
  addQuizQuestion,
  patchQuizQuestion,
  useCharterSectionTitles,
  usePutQuizQuestion,
} from './api/quiz-bank';
import { ANSWER_LABELS, NO_SECTION } from './quiz-labels';

const TITLES = { add: 'إضافة سؤال', edit: 'تعديل السؤال' } as const;
const TEXT = 'نص السؤال';
const ANSWER = 'الإجابة الصحيحة';
const SECTION = 'باب الميثاق';
const SECTION_HINT = 'الباب الذي يأتي منه السؤال في ميثاق الطالب.';
const SECTIONS_LOADING = 'جار تحميل أبواب الميثاق…';
const { min: MIN_TEXT, max: MAX_TEXT } = CONTENT_LIMITS.quizQuestion;

/** The edit's promise: nothing a student was already drawn or graded on changes. */
const versionNote = (version: number) =>
  `الحفظ ينشئ الإصدار ${version + 1} من السؤال. الاختبارات التي سُحب فيها السؤال من قبل تبقى بنصه وإجابته القديمين، ويبقى تصحيحها كما كان.`;

interface QuizFormValues {
  question: string;
  /** The radio's value: '' until one is chosen, so a missing answer is refused with its own message. */
  answer: '' | 'true' | 'false';
  /** '' for none. */
  section: string;
}

const toRequest = ({ question, answer, section }: QuizFormValues) => ({
  question,
  answer: answer === '' ? undefined : answer === 'true',
  section: section === '' ? null : section,
});

// One rule set for adding and editing: an edit holds every field, so the add schema checks it whole.
const resolver = schemaResolver<QuizFormValues, QuizQuestionCreate>(quizQuestionCreateSchema, { toRequest });

/** What an edit sends: only the fields that differ from the stored question. */
function changedFields(stored: QuizQuestionEntry, input: QuizQuestionCreate): QuizQuestionPatch {
  const patch: QuizQuestionPatch = {};
  if (input.question !== stored.question) patch.question = input.question;
  if (input.answer !== stored.answer) patch.answer = input.answer;
  if ((input.section ?? null) !== stored.section) patch.section = input.section ?? null;
  return patch;
}

export type QuizDialogState = { mode: 'add' } | { mode: 'edit'; question: QuizQuestionEntry };

interface QuizQuestionDialogProps {
  state: QuizDialogState;
  onClose: () => void;
}

/**
 * Adds or edits a true/false question. The form checks the shared schema's rules with its Arabic messages before
 * sending; the server's refusal (a duplicate, a section the charter no longer has) shows in the dialog.
 */
export function QuizQuestionDialog({ state, onClose }: QuizQuestionDialogProps) {
  const { token } = useStaffSession();
  const putQuestion = usePutQuizQuestion(token);
  const sections = useCharterSectionTitles(token);
  const editing = state.mode === 'edit' ? state.question : undefined;
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<QuizFormValues, unknown, QuizQuestionCreate>({
    resolver,
    defaultValues: {
      question: editing?.question ?? '',
      answer: editing ? (editing.answer ? 'true' : 'false') : '',
      section: editing?.section ?? '',
    },
  });
  const length = watch('question').trim().length;

  const { save, problem } = useAddOrEdit({
    add: addQuizQuestion,
    edit: editing && {
      changes: (input: QuizQuestionCreate) => changedFields(editing, input),
      send: (patch: QuizQuestionPatch) => patchQuizQuestion(editing.index, patch),
    },
    onSaved: putQuestion,
    onClose,
  });

  const titles = sections.data?.status === 'success' ? sections.data.data : [];
  // A section the newest charter no longer has stays selectable, so an edit of the text alone keeps it.
  const kept = editing?.section && !titles.includes(editing.section) ? [editing.section] : [];
  const sectionOptions = [
    { value: '', label: NO_SECTION },
    ...[...kept, ...titles].map((t) => ({ value: t, label: t })),
  ];

  return (
    <Modal opened onClose={onClose} title={TITLES[state.mode]} size="lg" centered styles={DIALOG_STYLES}>
      <form onSubmit={handleSubmit((input) => save.mutate(input))} noValidate>
        <Stack gap="md">
          {editing && (
            <Alert color="blue" variant="light" role="note">
              {versionNote(editing.version)}
            </Alert>
          )}
          <Textarea
            label={TEXT}
            rows={3}
            resize="vertical"
            size="md"
            data-autofocus
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            description={
              <span aria-live="polite">{`${length} / ${MAX_TEXT} حرف (من ${MIN_TEXT} إلى ${MAX_TEXT})`}</span>
            }
            styles={length > MAX_TEXT ? { description: { color: 'var(--mantine-color-error)' } } : undefined}
            error={errors.question?.message}
            errorProps={ERROR_PROPS}
            {...register('question')}
          />
          <Controller
            control={control}
            name="answer"
            render={({ field }) => (
              <Radio.Group
                size="md"
                label={ANSWER}
                value={field.value}
                onChange={(value) => field.onChange(value)}
                error={errors.answer?.message}
                errorProps={ERROR_PROPS}
              >
                <Group gap="xl" mt="xs">
                  <Radio value="true" label={ANSWER_LABELS.true} size="md" />
                  <Radio value="false" label={ANSWER_LABELS.false} size="md" />
                </Group>
              </Radio.Group>
            )}
          />
          <Controller
            control={control}
            name="section"
            render={({ field }) => (
              <NativeSelect
                size="md"
                label={SECTION}
                description={sections.isPending ? SECTIONS_LOADING : SECTION_HINT}
                data={sectionOptions}
                value={field.value}
                onChange={(event) => field.onChange(event.currentTarget.value)}
                onBlur={field.onBlur}
                ref={field.ref}
                error={
                  errors.section?.message ??
                  (sections.data?.status === 'error' ? sections.data.message : undefined)
                }
                errorProps={ERROR_PROPS}
              />
            )}
          />
          <ProblemAlert message={problem} />
          <DialogActions pending={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
