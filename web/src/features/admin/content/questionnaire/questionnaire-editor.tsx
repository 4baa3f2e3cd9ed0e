import { Group, Stack, Text, Title } from '@mantine/core';
import type { QuestionEntry } from '@portal/common';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { ActiveBadge } from '@/components/admin/content/active-badge';
import cards from '@/components/admin/content/content-cards.module.css';
import { LoadProblem, useEndSessionOnUnauthorized } from '@/components/admin/content/load-state';
import { ProblemAlert } from '@/components/admin/content/problem-alert';
import { useStaffRefusal, useStaffSession } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import { showSuccessNotice } from '@/components/notices';
import { PageSpinner } from '@/components/page-spinner';
import {
  patchQuestion,
  saveQuestionOrder,
  useChangeQuestions,
  useQuestions,
  useRefetchQuestions,
  withQuestion,
} from './api/questionnaire';
import { QuestionDialog, type QuestionDialogState } from './question-dialog';
import { QUESTION_TYPE_LABELS } from './question-types';
import classes from './questionnaire-editor.module.css';
import { QuestionnairePreview } from './questionnaire-preview';

const TITLE = 'أسئلة الاستبيان';
const INTRO =
  'الأسئلة الإضافية التي يجيب عنها الطالب بعد اجتياز اختبار الميثاق، بالترتيب الذي تظهر به له. الطالب الذي أجاب من قبل لا يُسأل مرة أخرى، وتبقى إجاباته بالأسئلة كما رآها.';
const ADD = 'إضافة سؤال';
const EDIT = 'تعديل';
const UP = 'تحريك لأعلى';
const DOWN = 'تحريك لأسفل';
const DEACTIVATE = 'إيقاف';
const ACTIVATE = 'تفعيل';
const ACTIVE = 'مفعل';
const INACTIVE = 'غير مفعل';
const EMPTY = 'لا توجد أسئلة في الاستبيان بعد.';
const LIST_LABEL = 'أسئلة الاستبيان بالترتيب';
const NO_OPTIONS = 'لا توجد، يكتب الطالب إجابته';

type Direction = 'up' | 'down';

/** The element a move button is found by, so focus can follow the question it moved. */
const moveKey = (id: string, direction: Direction) => `${id}:${direction}`;

/** The ids in the new order: the question swapped with its neighbour. */
function movedIds(questions: QuestionEntry[], id: string, direction: Direction): string[] | null {
  const ids = questions.map((question) => question.id);
  const from = ids.indexOf(id);
  const to = direction === 'up' ? from - 1 : from + 1;
  const neighbour = ids[to];
  if (from < 0 || neighbour === undefined) return null;
  ids[to] = id;
  ids[from] = neighbour;
  return ids;
}

const inOrder = (ids: string[]) => (questions: QuestionEntry[]) =>
  ids.flatMap((id, sortOrder) => {
    const question = questions.find((each) => each.id === id);
    return question ? [{ ...question, sortOrder }] : [];
  });

/**
 * Issue 19, the questionnaire (`/admin/content/questionnaire`, super admin only): the additional questions of the
 * five types, in order, added, edited, moved and switched on or off, with a preview of the active ones on the
 * student's own components. Questions are never deleted: answers refer to them.
 */
export function QuestionnaireEditor() {
  const { token } = useStaffSession();
  const refuse = useStaffRefusal();
  const questions = useQuestions(token);
  const changeQuestions = useChangeQuestions(token);
  const refetchQuestions = useRefetchQuestions(token);
  const [dialog, setDialog] = useState<QuestionDialogState | null>(null);
  // A refused move or switch is shown on the question's own card.
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: string; direction: Direction } | null>(null);
  const answer = questions.data;

  useEndSessionOnUnauthorized(answer);

  const showProblem = (id: string) => (message: string) =>
    setProblems((others) => ({ ...others, [id]: message }));
  const clearProblem = (id: string) => setProblems(({ [id]: _, ...others }) => others);

  const list =
    answer?.status === 'success'
      ? [...answer.data.data].sort((a, b) => a.sortOrder - b.sortOrder)
      : undefined;

  // Each move is saved at once; the list shows the new order while the server saves it.
  const move = useMutation({
    mutationFn: async ({ id, ids }: { id: string; ids: string[]; direction: Direction }) => {
      clearProblem(id);
      const result = await saveQuestionOrder(ids);
      if (result.status === 'error') {
        refetchQuestions();
        return refuse(result, showProblem(id));
      }
      changeQuestions(() => result.data.data);
      showSuccessNotice(result.data.message);
    },
  });

  const toggle = useMutation({
    mutationFn: async (question: QuestionEntry) => {
      clearProblem(question.id);
      const result = await patchQuestion(question.id, { active: !question.active });
      if (result.status === 'error') return refuse(result, showProblem(question.id));
      changeQuestions(withQuestion(result.data.data));
      showSuccessNotice(result.data.message);
    },
  });

  const onMove = (id: string, direction: Direction) => {
    // One move at a time: the next is computed from the order the previous one saved.
    if (list === undefined || move.isPending) return;
    const ids = movedIds(list, id, direction);
    if (ids === null) return;
    changeQuestions(inOrder(ids));
    setFocusAfterMove({ id, direction });
    move.mutate({ id, ids, direction });
  };

  // The moved card's DOM node may be re-inserted, which drops focus: put it back on the button that was pressed,
  // or on the other move button when the question reached an end of the list.
  useEffect(() => {
    if (focusAfterMove === null) return;
    const { id, direction } = focusAfterMove;
    const find = (d: Direction) =>
      document.querySelector<HTMLButtonElement>(`[data-move="${CSS.escape(moveKey(id, d))}"]`);
    const pressed = find(direction);
    const target = pressed && !pressed.disabled ? pressed : find(direction === 'up' ? 'down' : 'up');
    target?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Title order={2}>{TITLE}</Title>
        <Button onClick={() => setDialog({ mode: 'add' })}>{ADD}</Button>
      </Group>
      <Text>{INTRO}</Text>

      {list === undefined ? (
        answer?.status === 'error' ? (
          <LoadProblem message={answer.message} onRetry={() => questions.refetch()} />
        ) : (
          <PageSpinner />
        )
      ) : list.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {EMPTY}
        </Text>
      ) : (
        <>
          <ol className={cards.list} aria-label={LIST_LABEL}>
            {list.map((question, position) => (
              <QuestionCard
                key={question.id}
                question={question}
                position={position + 1}
                first={position === 0}
                last={position === list.length - 1}
                problem={problems[question.id]}
                toggling={toggle.isPending && toggle.variables?.id === question.id}
                onEdit={() => setDialog({ mode: 'edit', question })}
                onMove={(direction) => onMove(question.id, direction)}
                onToggle={() => toggle.mutate(question)}
              />
            ))}
          </ol>
          <QuestionnairePreview questions={list.filter((question) => question.active)} />
        </>
      )}

      {dialog && (
        <QuestionDialog
          key={dialog.mode === 'edit' ? dialog.question.id : 'add'}
          state={dialog}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}

interface QuestionCardProps {
  question: QuestionEntry;
  position: number;
  first: boolean;
  last: boolean;
  problem: string | undefined;
  toggling: boolean;
  onEdit: () => void;
  onMove: (direction: Direction) => void;
  onToggle: () => void;
}

function QuestionCard({
  question,
  position,
  first,
  last,
  problem,
  toggling,
  onEdit,
  onMove,
  onToggle,
}: QuestionCardProps) {
  const textId = useId();
  return (
    <li className={cards.card} aria-labelledby={textId} data-out-of-use={question.active ? undefined : true}>
      <Group justify="space-between" gap="xs" align="flex-start" wrap="nowrap">
        <Group gap="xs" align="flex-start" wrap="nowrap" className={classes.heading}>
          <span className={classes.position} aria-hidden="true">
            {position}
          </span>
          <Title order={3} fz="md" id={textId} className={cards.text}>
            {question.question}
          </Title>
        </Group>
        <ActiveBadge active={question.active} className={classes.badge}>
          {question.active ? ACTIVE : INACTIVE}
        </ActiveBadge>
      </Group>
      <dl className={cards.facts}>
        <dt>النوع</dt>
        <dd>{QUESTION_TYPE_LABELS[question.type]}</dd>
        {question.description && (
          <>
            <dt>الوصف</dt>
            <dd>{question.description}</dd>
          </>
        )}
        <dt>الاختيارات</dt>
        <dd>
          {question.options.length === 0 ? (
            NO_OPTIONS
          ) : (
            <ul className={classes.options}>
              {question.options.map((option) => (
                <li key={option}>{option}</li>
              ))}
            </ul>
          )}
        </dd>
        <dt>عدد من أجابوا</dt>
        <dd>{question.answeredCount}</dd>
      </dl>
      <ProblemAlert message={problem} />
      <Group gap="xs">
        <Button size="sm" variant="light" onClick={onEdit} aria-describedby={textId}>
          {EDIT}
        </Button>
        <Button
          size="sm"
          variant="default"
          onClick={() => onMove('up')}
          disabled={first}
          aria-describedby={textId}
          data-move={moveKey(question.id, 'up')}
        >
          {UP}
        </Button>
        <Button
          size="sm"
          variant="default"
          onClick={() => onMove('down')}
          disabled={last}
          aria-describedby={textId}
          data-move={moveKey(question.id, 'down')}
        >
          {DOWN}
        </Button>
        <Button
          size="sm"
          variant="light"
          color={question.active ? 'red' : undefined}
          onClick={onToggle}
          loading={toggling}
          aria-describedby={textId}
        >
          {question.active ? DEACTIVATE : ACTIVATE}
        </Button>
      </Group>
    </li>
  );
}
