import {
  type QuestionCreate,
  type QuestionEntry,
  type QuestionPatch,
  questionListResponseSchema,
  questionOrderResponseSchema,
  questionResponseSchema,
} from '@portal/common';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { staffKeys } from '@/components/admin/staff-session';
import { type ApiError, apiRequest } from '@/lib/api-client';

type QuestionList = Extract<Awaited<ReturnType<typeof getQuestions>>, { status: 'success' }>;

const questionsKey = (token: string) => [...staffKeys.of(token), 'content', 'questionnaire'] as const;

/** `GET /content/additional-questions`: every question, active or not, in the students' order. */
export function getQuestions() {
  return apiRequest('/content/additional-questions', { auth: true, schema: questionListResponseSchema });
}

export function useQuestions(token: string) {
  return useQuery({ queryKey: questionsKey(token), queryFn: getQuestions, staleTime: 0 });
}

/** 201 with the new question, placed last. */
export function addQuestion(body: QuestionCreate) {
  return apiRequest('/content/additional-questions', {
    method: 'POST',
    body,
    auth: true,
    schema: questionResponseSchema,
  });
}

/** The fields given; the server checks the question as it will be, stored fields merged with these. */
export function patchQuestion(id: string, body: QuestionPatch) {
  return apiRequest(`/content/additional-questions/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
    auth: true,
    schema: questionResponseSchema,
  });
}

/** Every question's id, active or not, in the new order; answers every question as now ordered. */
export function saveQuestionOrder(ids: string[]) {
  return apiRequest('/content/additional-questions/order', {
    method: 'POST',
    body: { ids },
    auth: true,
    schema: questionOrderResponseSchema,
  });
}

/** Changes the cached list in place, so an edit or a move shows without waiting for the list again. */
export function useChangeQuestions(token: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (change: (questions: QuestionEntry[]) => QuestionEntry[]) => {
      queryClient.setQueryData<QuestionList | ApiError>(questionsKey(token), (old) =>
        old?.status === 'success' ? { ...old, data: { ...old.data, data: change(old.data.data) } } : old,
      );
    },
    [queryClient, token],
  );
}

/** Reads the list again (after a refused move, whose order the server may know better). */
export function useRefetchQuestions(token: string) {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: questionsKey(token) }),
    [queryClient, token],
  );
}

/** The question put in its place, or added last. */
export const withQuestion = (question: QuestionEntry) => (questions: QuestionEntry[]) =>
  questions.some((each) => each.id === question.id)
    ? questions.map((each) => (each.id === question.id ? question : each))
    : [...questions, question];
