import { type QuizSubmitBody, randomQuestionsResponseSchema } from '@portal/common';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { messageResponse } from './message-response';

const quizPath = (studentId: string) => `/students/question/${encodeURIComponent(studentId)}`;

/** Draws the student's questions; each call replaces the earlier draw on the server. 409: already passed. */
export function getQuizQuestions(studentId: string) {
  return apiRequest(quizPath(studentId), { schema: randomQuestionsResponseSchema });
}

/**
 * The draw on screen is the one the server grades, so it is fetched once per visit and never refetched behind
 * the student's back (a refetch would draw other questions).
 */
export function useQuizQuestions(studentId: string) {
  return useQuery({
    queryKey: ['quiz', studentId],
    queryFn: () => getQuizQuestions(studentId),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** 200 with the server's message when every answer is right; a 400 carries how many were right. */
export function submitQuizAnswers(studentId: string, body: QuizSubmitBody) {
  return apiRequest(quizPath(studentId), { method: 'POST', body, schema: messageResponse });
}

export function useSubmitQuiz(studentId: string) {
  return useMutation({ mutationFn: (body: QuizSubmitBody) => submitQuizAnswers(studentId, body) });
}
