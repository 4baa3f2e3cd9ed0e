import {
  charterResponseSchema,
  type QuizQuestionCreate,
  type QuizQuestionEntry,
  type QuizQuestionPatch,
  quizQuestionListResponseSchema,
  quizQuestionResponseSchema,
} from '@portal/common';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { staffKeys } from '@/components/admin/staff-session';
import { type ApiError, apiRequest } from '@/lib/api-client';

type QuizList = Extract<Awaited<ReturnType<typeof getQuizQuestions>>, { status: 'success' }>;

const quizKey = (token: string) => [...staffKeys.of(token), 'content', 'quiz'] as const;
const sectionsKey = (token: string) =>
  [...staffKeys.of(token), 'content', 'quiz', 'charterSections'] as const;

/** `GET /content/quiz-questions`: every question, active and retired, with the fewest the bank may keep active. */
export function getQuizQuestions() {
  return apiRequest('/content/quiz-questions', { auth: true, schema: quizQuestionListResponseSchema });
}

export function useQuizQuestions(token: string) {
  return useQuery({ queryKey: quizKey(token), queryFn: getQuizQuestions, staleTime: 0 });
}

/** 201 with the new question (version 1). */
export function addQuizQuestion(body: QuizQuestionCreate) {
  return apiRequest('/content/quiz-questions', {
    method: 'POST',
    body,
    auth: true,
    schema: quizQuestionResponseSchema,
  });
}

/** A change of text, answer or section makes a new version; `{active: true}` restores a retired question. */
export function patchQuizQuestion(index: number, body: QuizQuestionPatch) {
  return apiRequest(`/content/quiz-questions/${index}`, {
    method: 'PATCH',
    body,
    auth: true,
    schema: quizQuestionResponseSchema,
  });
}

/** Retires the question (409 when fewer than a draw's worth would stay active); its versions stay. */
export function retireQuizQuestion(index: number) {
  return apiRequest(`/content/quiz-questions/${index}`, {
    method: 'DELETE',
    auth: true,
    schema: quizQuestionResponseSchema,
  });
}

/** Puts the server's answer for one question into the cached list (added at the end, or in its place). */
export function usePutQuizQuestion(token: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (question: QuizQuestionEntry) => {
      queryClient.setQueryData<QuizList | ApiError>(quizKey(token), (old) => {
        if (old?.status !== 'success') return old;
        const list = old.data.data;
        const data = list.some((each) => each.index === question.index)
          ? list.map((each) => (each.index === question.index ? question : each))
          : [...list, question];
        return { ...old, data: { ...old.data, data } };
      });
    },
    [queryClient, token],
  );
}

/**
 * The titles of the newest charter's sections, which a question may name as its source. Read from the charter
 * call of the charter editor; only the titles are kept.
 */
export function useCharterSectionTitles(token: string) {
  return useQuery({
    queryKey: sectionsKey(token),
    queryFn: async () => {
      const result = await apiRequest('/content/charter', { auth: true, schema: charterResponseSchema });
      return result.status === 'success'
        ? { ...result, data: result.data.data.sections.map((section) => section.title) }
        : result;
    },
    staleTime: 60_000,
  });
}
