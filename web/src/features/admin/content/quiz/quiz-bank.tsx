import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { QuizQuestionEntry } from '@portal/common';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { ActiveBadge } from '@/components/admin/content/active-badge';
import cards from '@/components/admin/content/content-cards.module.css';
import { LoadProblem, useEndSessionOnUnauthorized } from '@/components/admin/content/load-state';
import { ProblemAlert } from '@/components/admin/content/problem-alert';
import { useStaffRefusal, useStaffSession } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import { showSuccessNotice } from '@/components/notices';
import { PageSpinner } from '@/components/page-spinner';
import { patchQuizQuestion, retireQuizQuestion, usePutQuizQuestion, useQuizQuestions } from './api/quiz-bank';
import { answerLabel, NO_SECTION } from './quiz-labels';
import { type QuizDialogState, QuizQuestionDialog } from './quiz-question-dialog';

const TITLE = 'بنك أسئلة الاختبار';
const ADD = 'إضافة سؤال';
const EDIT = 'تعديل';
const RETIRE = 'إيقاف';
const RESTORE = 'إعادة تفعيل';
const ACTIVE = 'مفعل';
const RETIRED = 'موقوف';
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
  const refuse = useStaffRefusal();
  const questions = useQuizQuestions(token);
  const putQuestion = usePutQuizQuestion(token);
  const [dialog, setDialog] = useState<QuizDialogState | null>(null);
  const [retiring, setRetiring] = useState<QuizQuestionEntry | null>(null);
  // A refused retire or restore is shown on the question's own card.
  const [problems, setProblems] = useState<Record<number, string>>({});
  const answer = questions.data;

  useEndSessionOnUnauthorized(answer);

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
          <LoadProblem message={answer.message} onRetry={() => questions.refetch()} />
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
            <ul className={cards.list} aria-label={LIST_LABEL}>
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
    <li className={cards.card} aria-labelledby={nameId} data-out-of-use={question.active ? undefined : true}>
      <Group justify="space-between" gap="xs" align="flex-start">
        <Title order={3} fz="md" id={nameId}>
          {name}
        </Title>
        <Group gap="xs">
          <ActiveBadge active={question.active}>{question.active ? ACTIVE : RETIRED}</ActiveBadge>
          <Badge variant="outline" color="gray" c="gray.8" radius="sm" tt="none">
            {`الإصدار ${question.version}`}
          </Badge>
        </Group>
      </Group>
      <Text className={cards.text}>{question.question}</Text>
      <dl className={cards.facts}>
        <dt>الإجابة الصحيحة</dt>
        <dd>{answerLabel(question.answer)}</dd>
        <dt>باب الميثاق</dt>
        <dd>{question.section ?? NO_SECTION}</dd>
      </dl>
      <ProblemAlert message={problem} />
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
