import { Checkbox, Group, Paper, Radio, Stack, Textarea } from '@mantine/core';
import { type AdditionalQuestion, type AnswerEntry, extraInputKind, MESSAGES } from '@portal/common';
import { useId } from 'react';
import { Button } from '@/components/button';
import { ChoiceFieldset } from './choice-fieldset';

const CLEAR_ANSWER = 'مسح الإجابة';
/** Label of the extra text asked for when 'other' is chosen (or 'yes' on a question without a description). */
const OTHER_DETAILS_LABEL = 'يرجى التوضيح';

/** Messages about the extra text rather than the choice: shown on the extra field. */
const EXTRA_INPUT_MESSAGES: readonly string[] = [MESSAGES.otherDetailsRequired, MESSAGES.yesDetailsRequired];

export function isExtraInputMessage(message: string): boolean {
  return EXTRA_INPUT_MESSAGES.includes(message);
}

/** The element ids of a question's first control and of its extra field, so that an error can focus them. */
export function controlId(questionId: string): string {
  return `question-${questionId}`;
}

export function extraInputId(questionId: string): string {
  return `question-${questionId}-extra`;
}

interface QuestionCardProps {
  question: AdditionalQuestion;
  entry: AnswerEntry;
  error: string | null;
  disabled: boolean;
  onChange: (patch: Partial<AnswerEntry>) => void;
  onClear: () => void;
}

/** One question: its text and description, the control of its type, the extra text field and 'remove answer'. */
export function QuestionCard({ question, entry, error, disabled, onChange, onClear }: QuestionCardProps) {
  const legendId = useId();
  const extra = extraInputKind(question.type, entry.answer);
  const extraError = error !== null && isExtraInputMessage(error) ? error : null;
  const choiceError = error !== null && extraError === null ? error : null;

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        {question.type === 'input' ? (
          <Textarea
            id={controlId(question.id)}
            label={<span id={legendId}>{question.question}</span>}
            description={question.description}
            error={choiceError}
            errorProps={{ role: 'alert' }}
            value={typeof entry.answer === 'string' ? entry.answer : ''}
            onChange={(event) => onChange({ answer: event.currentTarget.value })}
            disabled={disabled}
            rows={3}
            resize="vertical"
            styles={{ label: { fontWeight: 700, marginBottom: 'var(--mantine-spacing-xs)' } }}
          />
        ) : (
          <ChoiceFieldset
            legend={question.question}
            legendId={legendId}
            description={question.description}
            error={choiceError}
          >
            {question.type === 'multi_select_input' ? (
              <CheckboxOptions question={question} entry={entry} disabled={disabled} onChange={onChange} />
            ) : (
              <RadioOptions question={question} entry={entry} disabled={disabled} onChange={onChange} />
            )}
          </ChoiceFieldset>
        )}
        {extra !== null && (
          <Textarea
            id={extraInputId(question.id)}
            label={extra === 'yes' && question.description ? question.description : OTHER_DETAILS_LABEL}
            error={extraError}
            errorProps={{ role: 'alert' }}
            value={entry.input ?? ''}
            onChange={(event) => onChange({ input: event.currentTarget.value })}
            disabled={disabled}
            rows={2}
            resize="vertical"
          />
        )}
        <Group>
          <Button
            size="sm"
            color="red"
            variant="light"
            onClick={onClear}
            disabled={disabled}
            aria-describedby={legendId}
          >
            {CLEAR_ANSWER}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

interface OptionsProps {
  question: AdditionalQuestion;
  entry: AnswerEntry;
  disabled: boolean;
  onChange: (patch: Partial<AnswerEntry>) => void;
}

function RadioOptions({ question, entry, disabled, onChange }: OptionsProps) {
  const name = useId();
  return (
    <Stack gap="xs">
      {question.options.map((option, position) => (
        <Radio
          key={option}
          id={position === 0 ? controlId(question.id) : undefined}
          name={name}
          value={option}
          label={option}
          checked={entry.answer === option}
          onChange={() => onChange({ answer: option })}
          disabled={disabled}
        />
      ))}
    </Stack>
  );
}

function CheckboxOptions({ question, entry, disabled, onChange }: OptionsProps) {
  const chosen = Array.isArray(entry.answer) ? entry.answer : [];
  const toggle = (option: string, checked: boolean) => {
    const next = checked ? [...chosen, option] : chosen.filter((item) => item !== option);
    // Keep the options' order, whatever the order they were ticked in.
    onChange({ answer: question.options.filter((item) => next.includes(item)) });
  };
  return (
    <Stack gap="xs">
      {question.options.map((option, position) => (
        <Checkbox
          key={option}
          id={position === 0 ? controlId(question.id) : undefined}
          value={option}
          label={option}
          checked={chosen.includes(option)}
          onChange={(event) => toggle(option, event.currentTarget.checked)}
          disabled={disabled}
        />
      ))}
    </Stack>
  );
}
