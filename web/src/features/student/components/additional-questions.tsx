import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import {
  type AdditionalQuestion,
  type AnswerEntry,
  emptyAnswerEntry,
  extraInputKind,
  initialAnswerEntries,
  MESSAGES,
  validateAdditionalAnswers,
} from '@portal/common';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Navigate } from 'react-router';
import { Button } from '@/components/button';
import { showApiError, showSuccessNotice } from '@/components/notices';
import { PageSpinner } from '@/components/page-spinner';
import { useRefreshStudent, useStudentSession, withStudentFlags } from '@/lib/student-session';
import { useAdditionalQuestions, useSubmitAdditionalAnswers } from '../api/additional-questions';
import { scheduleReload } from '../utils/reload-page';
import { controlId, extraInputId, isExtraInputMessage, QuestionCard } from './question-card';
import { useLoadedSession } from './student-guard';
import { useVerifiedPass } from './use-verified-pass';

const INTRO =
  'يرجى الإجابة على الأسئلة التالية، ثم الضغط على زر «إرسال». لا يمكن تعديل الإجابات بعد إرسالها.';
const SEND = 'إرسال';
const RETRY = 'إعادة المحاولة';

export function AdditionalQuestions() {
  const { studentObj } = useLoadedSession();
  const verifying = useVerifiedPass(studentObj.isPassed);
  let body: ReactNode;
  if (verifying) {
    body = (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>{MESSAGES.checkingStudentStatus}</Text>
      </Group>
    );
  } else if (studentObj.isCompletedAdditionalQuestions) {
    // Answered once already (or just now: the refreshed session says so): nothing more to do here.
    return <Navigate to="/dashboard/studentDataView" replace />;
  } else {
    body = <Questionnaire />;
  }
  return <Stack gap="lg">{body}</Stack>;
}

function Questionnaire() {
  const loaded = useAdditionalQuestions(true);
  if (loaded.isPending) return <PageSpinner />;
  if (loaded.data === undefined || !loaded.data.ok) {
    return (
      <Alert color="red" variant="light">
        <Stack gap="sm" align="flex-start">
          <Text>{loaded.data?.ok === false ? loaded.data.message : MESSAGES.failedToLoadQuestions}</Text>
          <Button size="sm" variant="outline" onClick={() => loaded.refetch()}>
            {RETRY}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <>
      <Text>{INTRO}</Text>
      <AnswersForm questions={loaded.data.questions} />
    </>
  );
}

interface Problem {
  message: string;
  questionId?: string;
}

/** What is sent: the extra text only while the answer asks for it, so hidden stale text is not stored. */
function toPayload(questions: AdditionalQuestion[], entries: AnswerEntry[]): AnswerEntry[] {
  return entries.map((entry) => {
    const question = questions.find((candidate) => candidate.id === entry.id);
    const asksForText = question !== undefined && extraInputKind(question.type, entry.answer) !== null;
    return { id: entry.id, answer: entry.answer, input: asksForText ? (entry.input ?? '') : '' };
  });
}

function AnswersForm({ questions }: { questions: AdditionalQuestion[] }) {
  const formErrorId = useId();
  const [entries, setEntries] = useState(() => initialAnswerEntries(questions));
  const [problem, setProblem] = useState<Problem | null>(null);
  const [phase, setPhase] = useState<'answering' | 'sending' | 'done' | 'reloading'>('answering');
  const submit = useSubmitAdditionalAnswers();
  const markCompleted = useMarkCompleted();

  const update = (id: string, patch: Partial<AnswerEntry>) => {
    setEntries((previous) => previous.map((entry) => (entry.id === id ? { ...entry, ...patch } : entry)));
    if (problem?.questionId === id) setProblem(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (phase !== 'answering') return;
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
      return;
    }
    setProblem(null);
    setPhase('sending');
    const result = await submit.mutateAsync(answers);
    if (result.status === 'error') {
      showApiError(result);
      setPhase('reloading');
      scheduleReload();
      return;
    }
    showSuccessNotice(result.data.message);
    setPhase('done');
    // The refreshed session says the questions are answered, and AdditionalQuestions then goes to the data view.
    await markCompleted();
  };

  const busy = phase !== 'answering';
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {questions.map((question) => {
          const entry =
            entries.find((candidate) => candidate.id === question.id) ?? emptyAnswerEntry(question);
          return (
            <QuestionCard
              key={question.id}
              question={question}
              entry={entry}
              error={problem?.questionId === question.id ? problem.message : null}
              disabled={busy}
              onChange={(patch) => update(question.id, patch)}
              onClear={() => update(question.id, emptyAnswerEntry(question))}
            />
          );
        })}
        {problem !== null && problem.questionId === undefined && (
          <Alert id={formErrorId} color="red" variant="light" role="alert">
            {problem.message}
          </Alert>
        )}
        <Button
          type="submit"
          loading={busy}
          disabled={busy}
          w={{ base: '100%', sm: 'auto' }}
          miw={{ sm: 160 }}
          style={{ alignSelf: 'flex-start' }}
        >
          {SEND}
        </Button>
      </Stack>
    </form>
  );
}

/** Marks the questionnaire as answered: from a fresh lookup, or locally when the lookup fails. */
function useMarkCompleted() {
  const refresh = useRefreshStudent();
  const { session, setSession } = useStudentSession();
  return async () => {
    const fresh = await refresh();
    if (fresh?.studentObj.isCompletedAdditionalQuestions) return;
    const base = fresh ?? session;
    if (base !== null) setSession(withStudentFlags(base, { isCompletedAdditionalQuestions: true }));
  };
}
