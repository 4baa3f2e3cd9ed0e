import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { QuizQuestionEntry } from '@portal/common';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/button';
import { showSuccessNotice } from '@/components/notices';
import { PageSpinner } from '@/components/page-spinner';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { useStaffErrorHandler, useStaffRefusal, useStaffSession } from '../../shell/staff-session';
import { patchQuizQuestion, retireQuizQuestion, usePutQuizQuestion, useQuizQuestions } from './api/quiz-bank';
import classes from './quiz-bank.module.css';
import { answerLabel, NO_SECTION } from './quiz-labels';
import { type QuizDialogState, QuizQuestionDialog } from './quiz-question-dialog';

const TITLE = 'بنك أسئلة الاختبار';
const ADD = 'إضافة سؤال';
const EDIT = 'تعديل';
const RETIRE = 'إيقاف';
const RESTORE = 'إعادة تفعيل';
const ACTIVE = 'مفعل';
const RETIRED = 'موقوف';
const RETRY = 'إعادة المحاولة';
const EMPTY = 'لا توجد أسئلة في البنك بعد.';
const LIST_LABEL = 'أسئلة الاختبار';
const RETIRE_NOTE =
  'لن يظهر السؤال في الاختبارات الجديدة. الطلاب الذين اختُبروا به من قبل يبقى تصحيحهم كما كان، ويمكن إعادة تفعيله لاحقًا.';

const activeLine = (active: number, total: number, minimum: number) =>
  `الأسئلة المفعلة: ${active} من ${total}. يجب أن يبقى ${minimum} أسئلة مفعلة على الأقل، فهي عدد أسئلة اختبار الطالب.`;

/** Which question a call is running for, and whether it retires or restores. */
type Pending = { index: number; active: boolean };

/**
 * Issue 19, the quiz bank (`/admin/content/quiz`, super admin only): the true/false questions a student's charter
 * quiz is drawn from. Editing makes a new version and retiring hides a question from new draws; a draw already
 * made keeps the versions it was drawn with, so no student's grading changes.
 */
export function QuizBank() {
  const { token } = useStaffSession();
  const handleError = useStaffErrorHandler();
  const refuse = useStaffRefusal();
  const questions = useQuizQuestions(token);
  const putQuestion = usePutQuizQuestion(token);
  const [dialog, setDialog] = useState<QuizDialogState | null>(null);
  const [retiring, setRetiring] = useState<QuizQuestionEntry | null>(null);
  // A refused retire or restore is shown on the question's own card.
  const [problems, setProblems] = useState<Record<number, string>>({});
  const answer = questions.data;

  useEffect(() => {
    if (answer?.status === 'error' && answer.httpStatus === 401) handleError(answer);
  }, [answer, handleError]);

  const setActive = useMutation({
    mutationFn: async ({ index, active }: Pending) => {
      setProblems(({ [index]: _, ...others }) => others);
      const result = active
        ? await patchQuizQuestion(index, { active: true })
        : await retireQuizQuestion(index);
      setRetiring(null);
      if (result.status === 'error') {
        return refuse(result, (message) => setProblems((others) => ({ ...others, [index]: message })));
      }
      putQuestion(result.data.data);
      showSuccessNotice(result.data.message);
    },
  });

  const list = answer?.status === 'success' ? answer.data.data : undefined;
  const minimum = answer?.status === 'success' ? answer.data.minimumActive : 0;
  const activeCount = list?.filter((question) => question.active).length ?? 0;

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Title order={2}>{TITLE}</Title>
        <Button onClick={() => setDialog({ mode: 'add' })}>{ADD}</Button>
      </Group>

      {list === undefined ? (
        answer?.status === 'error' ? (
          <Alert color="red" variant="light" role="alert" title={answer.message}>
            <Button size="sm" variant="light" color="red" mt="xs" onClick={() => questions.refetch()}>
              {RETRY}
            </Button>
          </Alert>
        ) : (
          <PageSpinner />
        )
      ) : (
        <>
          <Text>{activeLine(activeCount, list.length, minimum)}</Text>
          {list.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              {EMPTY}
            </Text>
          ) : (
            <ul className={classes.questions} aria-label={LIST_LABEL}>
              {list.map((question) => (
                <QuizQuestionCard
                  key={question.index}
                  question={question}
                  problem={problems[question.index]}
                  pending={setActive.isPending && setActive.variables?.index === question.index}
                  onEdit={() => setDialog({ mode: 'edit', question })}
                  onRetire={() => setRetiring(question)}
                  onRestore={() => setActive.mutate({ index: question.index, active: true })}
                />
              ))}
            </ul>
          )}
        </>
      )}

      {dialog && (
        <QuizQuestionDialog
          key={dialog.mode === 'edit' ? dialog.question.index : 'add'}
          state={dialog}
          onClose={() => setDialog(null)}
        />
      )}
      {retiring && (
        <ConfirmDialog
          title={`هل تريد إيقاف السؤال ${retiring.index}؟`}
          pending={setActive.isPending}
          onConfirm={() => setActive.mutate({ index: retiring.index, active: false })}
          onCancel={() => setRetiring(null)}
        >
          {RETIRE_NOTE}
        </ConfirmDialog>
      )}
    </Stack>
  );
}

interface QuizQuestionCardProps {
  question: QuizQuestionEntry;
  problem: string | undefined;
  pending: boolean;
  onEdit: () => void;
  onRetire: () => void;
  onRestore: () => void;
}

function QuizQuestionCard({
  question,
  problem,
  pending,
  onEdit,
  onRetire,
  onRestore,
}: QuizQuestionCardProps) {
  const nameId = useId();
  const name = `السؤال ${question.index}`;
  return (
    <li
      className={classes.question}
      aria-labelledby={nameId}
      data-retired={question.active ? undefined : true}
    >
      <Group justify="space-between" gap="xs" align="flex-start">
        <Title order={3} fz="md" id={nameId}>
          {name}
        </Title>
        <Group gap="xs">
          <Badge
            variant="light"
            color={question.active ? 'teal' : 'gray'}
            c={question.active ? 'teal.9' : 'gray.8'}
            radius="sm"
            tt="none"
          >
            {question.active ? ACTIVE : RETIRED}
          </Badge>
          <Badge variant="outline" color="gray" c="gray.8" radius="sm" tt="none">
            {`الإصدار ${question.version}`}
          </Badge>
        </Group>
      </Group>
      <Text className={classes.text}>{question.question}</Text>
      <dl className={classes.facts}>
        <dt>الإجابة الصحيحة</dt>
        <dd>{answerLabel(question.answer)}</dd>
        <dt>باب الميثاق</dt>
        <dd>{question.section ?? NO_SECTION}</dd>
      </dl>
      {problem && (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      )}
      <Group gap="xs">
        <Button size="sm" variant="light" onClick={onEdit} aria-describedby={nameId}>
          {EDIT}
        </Button>
        {question.active ? (
          <Button
            size="sm"
            variant="light"
            color="red"
            onClick={onRetire}
            aria-describedby={nameId}
            loading={pending}
          >
            {RETIRE}
          </Button>
        ) : (
          <Button size="sm" variant="light" onClick={onRestore} aria-describedby={nameId} loading={pending}>
            {RESTORE}
          </Button>
        )}
      </Group>
    </li>
  );
}
