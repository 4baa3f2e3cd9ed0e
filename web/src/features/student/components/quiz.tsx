import { Alert, Anchor, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import {
  MESSAGES,
  type QuizAnswerValue,
  type RandomQuestion,
  studentLanding,
  validateQuizAnswers,
} from '@portal/common';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { Button } from '@/components/button';
import { showApiError, showSuccessNotice } from '@/components/notices';
import { PageSpinner } from '@/components/page-spinner';
import { ChoiceFieldset } from '@/components/questionnaire/choice-fieldset';
import { useRefreshStudent, useStudentSession, withStudentFlags } from '@/lib/student-session';
import { useQuizQuestions, useSubmitQuiz } from '../api/quiz';
import { scheduleReload } from '../utils/reload-page';
import { useLoadedSession } from './student-guard';

const CHARTER_LINK = 'الرجوع إلى صفحة تنزيل الميثاق';
const TRUE_LABEL = 'صح';
const FALSE_LABEL = 'خطأ';
const SUBMIT = 'إرسال الإجابات';
const RETRY = 'إعادة المحاولة';
const NEW_DRAW_COMING = 'سيتم تحميل أسئلة جديدة بعد لحظات...';

const CHOICES: { value: QuizAnswerValue; label: string }[] = [
  { value: 'true', label: TRUE_LABEL },
  { value: 'false', label: FALSE_LABEL },
];

export function Quiz() {
  const { studentObj, studentID } = useLoadedSession();
  // Same rules as documentDownloadPage: a student who has passed never retakes the quiz. Passing refreshes the
  // session, and this rule then sends the student onward.
  if (studentObj.isPassed) return <Navigate to={`/dashboard/${studentLanding(studentObj)}`} replace />;
  return (
    <Stack gap="lg">
      <QuizDraw studentId={studentID} />
      <Anchor component={Link} to="/dashboard/documentDownloadPage" size="sm">
        {CHARTER_LINK}
      </Anchor>
    </Stack>
  );
}

/** Marks the student as passed: from a fresh lookup, or locally when the lookup fails. */
function useMarkPassed() {
  const refresh = useRefreshStudent();
  const { session, setSession } = useStudentSession();
  return async () => {
    const fresh = await refresh();
    if (fresh?.studentObj.isPassed) return;
    if (session !== null) setSession(withStudentFlags(fresh ?? session, { isPassed: true }));
  };
}

function QuizDraw({ studentId }: { studentId: string }) {
  const draw = useQuizQuestions(studentId);
  const markPassed = useMarkPassed();
  const alreadyPassed = draw.data?.status === 'error' && draw.data.httpStatus === 409;
  const marked = useRef(false);

  useEffect(() => {
    // 409: the student passed in another tab or before this page was opened.
    if (!alreadyPassed || marked.current) return;
    marked.current = true;
    void markPassed();
  }, [alreadyPassed, markPassed]);

  if (draw.isPending || alreadyPassed) return <PageSpinner />;
  if (draw.data === undefined || draw.data.status === 'error') {
    return (
      <Alert color="red" variant="light">
        <Stack gap="sm" align="flex-start">
          <Text>{draw.data?.message ?? MESSAGES.unexpected}</Text>
          <Button size="sm" variant="outline" onClick={() => draw.refetch()}>
            {RETRY}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <QuizForm studentId={studentId} questions={draw.data.data.randomQuestions} onPassed={markPassed} />;
}

interface QuizFormProps {
  studentId: string;
  questions: RandomQuestion[];
  onPassed: () => Promise<void>;
}

function QuizForm({ studentId, questions, onPassed }: QuizFormProps) {
  const formErrorId = useId();
  const [answers, setAnswers] = useState<Record<string, QuizAnswerValue>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // After a failed attempt the draw is spent; the form stays locked until the page reloads.
  const [phase, setPhase] = useState<'answering' | 'sending' | 'done' | 'reloading'>('answering');
  const submit = useSubmitQuiz(studentId);
  const firstRadio = useRef(new Map<number, HTMLInputElement>());

  const choose = (index: number, value: QuizAnswerValue) => {
    const next: Record<string, QuizAnswerValue> = { ...answers, [index]: value };
    setAnswers(next);
    if (questions.every((question) => next[question.index] !== undefined)) setFormError(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (phase !== 'answering') return;
    const checked = validateQuizAnswers(
      questions.map((question) => question.index),
      answers,
    );
    if (!checked.ok) {
      setFormError(checked.message);
      const firstUnanswered = questions.find((question) => answers[question.index] === undefined);
      if (firstUnanswered) firstRadio.current.get(firstUnanswered.index)?.focus();
      return;
    }
    setFormError(null);
    setPhase('sending');
    const result = await submit.mutateAsync({ answers });
    if (result.status === 'error') {
      showApiError(result);
      setPhase('reloading');
      scheduleReload();
      return;
    }
    showSuccessNotice(result.data.message);
    setPhase('done');
    await onPassed();
  };

  const showMissing = formError !== null;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {questions.map((question) => (
          <Paper key={question.index} withBorder radius="md" p="md">
            <ChoiceFieldset
              legend={question.question}
              error={showMissing && answers[question.index] === undefined ? MESSAGES.answerTheQuestion : null}
              announceError={false}
            >
              <Group gap="xl">
                {CHOICES.map((choice, position) => (
                  <Radio
                    key={choice.value}
                    ref={(element) => {
                      if (position === 0 && element) firstRadio.current.set(question.index, element);
                    }}
                    name={`quiz-${question.index}`}
                    value={choice.value}
                    label={choice.label}
                    checked={answers[question.index] === choice.value}
                    onChange={() => choose(question.index, choice.value)}
                    disabled={phase !== 'answering'}
                    size="md"
                  />
                ))}
              </Group>
            </ChoiceFieldset>
          </Paper>
        ))}
        {formError !== null && (
          <Alert id={formErrorId} color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <Button
          type="submit"
          loading={phase === 'sending' || phase === 'done' || phase === 'reloading'}
          aria-describedby={formError !== null ? formErrorId : undefined}
          w={{ base: '100%', sm: 'auto' }}
          style={{ alignSelf: 'flex-start' }}
        >
          {SUBMIT}
        </Button>
        {/* Last and present from the start, so that screen readers announce the text when it appears. */}
        <Text role="status" c="dimmed">
          {phase === 'reloading' ? NEW_DRAW_COMING : null}
        </Text>
      </Stack>
    </form>
  );
}
