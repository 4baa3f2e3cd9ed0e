import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { type AdditionalQuestion, MESSAGES } from '@portal/common';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Navigate } from 'react-router';
import { Button } from '@/components/button';
import { showApiError, showSuccessNotice } from '@/components/notices';
import { PageSpinner } from '@/components/page-spinner';
import {
  QUESTIONNAIRE_INTRO,
  QuestionnaireFields,
  useQuestionnaireAnswers,
} from '@/components/questionnaire/questionnaire-answers';
import { useRefreshStudent, useStudentSession, withStudentFlags } from '@/lib/student-session';
import { useAdditionalQuestions, useSubmitAdditionalAnswers } from '../api/additional-questions';
import { scheduleReload } from '../utils/reload-page';
import { useLoadedSession } from './student-guard';
import { useVerifiedPass } from './use-verified-pass';

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
      <Text>{QUESTIONNAIRE_INTRO}</Text>
      <AnswersForm questions={loaded.data.questions} />
    </>
  );
}

function AnswersForm({ questions }: { questions: AdditionalQuestion[] }) {
  const formErrorId = useId();
  const { entries, problem, update, check } = useQuestionnaireAnswers(questions);
  const [phase, setPhase] = useState<'answering' | 'sending' | 'done' | 'reloading'>('answering');
  const submit = useSubmitAdditionalAnswers();
  const markCompleted = useMarkCompleted();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (phase !== 'answering') return;
    const answers = check();
    if (answers === null) return;
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
        <QuestionnaireFields
          questions={questions}
          entries={entries}
          problem={problem}
          disabled={busy}
          onChange={update}
          formErrorId={formErrorId}
        />
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
