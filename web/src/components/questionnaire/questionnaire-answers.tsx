import { Alert, Stack } from '@mantine/core';
import {
  type AdditionalQuestion,
  type AnswerEntry,
  emptyAnswerEntry,
  extraInputKind,
  initialAnswerEntries,
  validateAdditionalAnswers,
} from '@portal/common';
import { useState } from 'react';
import { controlId, extraInputId, isExtraInputMessage, QuestionCard } from './question-card';

/**
 * The questionnaire's answering part, shared by the student's screen (which sends the answers) and the staff
 * preview of the questionnaire (which only checks them), so the preview is the student's screen and not a copy.
 */

export const QUESTIONNAIRE_INTRO =
  'يرجى الإجابة على الأسئلة التالية، ثم الضغط على زر «إرسال». لا يمكن تعديل الإجابات بعد إرسالها.';

export interface AnswersProblem {
  message: string;
  questionId?: string;
}

/** What is sent: the extra text only while the answer asks for it, so hidden stale text is not stored. */
export function toPayload(questions: AdditionalQuestion[], entries: AnswerEntry[]): AnswerEntry[] {
  return entries.map((entry) => {
    const question = questions.find((candidate) => candidate.id === entry.id);
    const asksForText = question !== undefined && extraInputKind(question.type, entry.answer) !== null;
    return { id: entry.id, answer: entry.answer, input: asksForText ? (entry.input ?? '') : '' };
  });
}

/** The answers being given, the problem shown, and the check the shared validator makes before anything is sent. */
export function useQuestionnaireAnswers(questions: AdditionalQuestion[]) {
  const [entries, setEntries] = useState(() => initialAnswerEntries(questions));
  const [problem, setProblem] = useState<AnswersProblem | null>(null);

  const update = (id: string, patch: Partial<AnswerEntry>) => {
    setEntries((previous) => previous.map((entry) => (entry.id === id ? { ...entry, ...patch } : entry)));
    if (problem?.questionId === id) setProblem(null);
  };

  /** The answers to send when they pass the validator; otherwise null, with the problem shown and focused. */
  const check = (): AnswerEntry[] | null => {
    const answers = toPayload(questions, entries);
    const checked = validateAdditionalAnswers(questions, answers);
    if (!checked.ok) {
      setProblem(checked);
      if (checked.questionId !== undefined) {
        const target = isExtraInputMessage(checked.message)
          ? extraInputId(checked.questionId)
          : controlId(checked.questionId);
        document.getElementById(target)?.focus();
      }
      return null;
    }
    setProblem(null);
    return answers;
  };

  return { entries, problem, update, check };
}

interface QuestionnaireFieldsProps {
  questions: AdditionalQuestion[];
  entries: AnswerEntry[];
  problem: AnswersProblem | null;
  disabled: boolean;
  onChange: (id: string, patch: Partial<AnswerEntry>) => void;
  /** The id of the alert that shows a problem of the whole form (one not tied to a question). */
  formErrorId?: string;
}

/** Each question on its card, in order, with its problem beside it; a problem of the whole form after them. */
export function QuestionnaireFields({
  questions,
  entries,
  problem,
  disabled,
  onChange,
  formErrorId,
}: QuestionnaireFieldsProps) {
  return (
    <Stack gap="md">
      {questions.map((question) => {
        const entry = entries.find((candidate) => candidate.id === question.id) ?? emptyAnswerEntry(question);
        return (
          <QuestionCard
            key={question.id}
            question={question}
            entry={entry}
            error={problem?.questionId === question.id ? problem.message : null}
            disabled={disabled}
            onChange={(patch) => onChange(question.id, patch)}
            onClear={() => onChange(question.id, emptyAnswerEntry(question))}
          />
        );
      })}
      {problem !== null && problem.questionId === undefined && (
        <Alert id={formErrorId} color="red" variant="light" role="alert">
          {problem.message}
        </Alert>
      )}
    </Stack>
  );
}
