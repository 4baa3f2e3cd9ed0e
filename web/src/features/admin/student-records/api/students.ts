import {
  allStudentsNumberResponseSchema,
  type DocumentsStatus,
  type GetAllStudentsResponse,
  type GetStudentInfoResponse,
  getAllStudentsResponseSchema,
  getStudentInfoResponseSchema,
  type ProgressFilter,
  STUDENT_PAGE_SIZE,
  type StudentDownloadType,
  type StudentRecord,
  studentDownloadResponseSchema,
  studentMessageResponseSchema,
} from '@portal/common';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { staffKeys } from '@/components/admin/staff-session';
import { withSeason } from '@/components/season-select/selected-season';
import { type ApiResult, apiRequest } from '@/lib/api-client';

/** What the list shows: one faculty's page (null for a faculty ADMIN: the server fills in its own). */
export interface StudentListQuery {
  faculty: string | null;
  completedOnly: boolean;
  /** Only students whose documents are in this state (issue 16); null: any. */
  documentsStatus: DocumentsStatus | null;
  /** Only students at a tracker step in a state (issue 36: a count of the funnel, followed); null: any. */
  progress: ProgressFilter | null;
  page: number;
  /** A past season's id; undefined: the current season. */
  season: string | undefined;
}

/** A search by name (type 1) or national ID (type 2), within a faculty or (null) every faculty. */
export interface StudentSearchQuery {
  type: 1 | 2;
  text: string;
  faculty: string | null;
  completedOnly: boolean;
  documentsStatus: DocumentsStatus | null;
  season: string | undefined;
}

const studentsKey = (token: string) => [...staffKeys.of(token), 'students'] as const;
const countsKey = (token: string) => [...staffKeys.of(token), 'studentCounts'] as const;

/**
 * `POST /students/getAllStudents?page=&limit=500` (and `&season=` for a past season); `isComplete: true` when only
 * complete students are wanted.
 */
export function getAllStudents({
  faculty,
  completedOnly,
  documentsStatus,
  progress,
  page,
  season,
}: StudentListQuery) {
  return apiRequest(withSeason(`/students/getAllStudents?page=${page}&limit=${STUDENT_PAGE_SIZE}`, season), {
    method: 'POST',
    body: {
      faculty,
      isComplete: completedOnly ? true : null,
      documentsStatus,
      ...(progress ? { progress } : {}),
    },
    auth: true,
    schema: getAllStudentsResponseSchema,
  });
}

export function useStudentList(token: string, query: StudentListQuery | null) {
  return useQuery({
    queryKey: [...studentsKey(token), 'list', query],
    queryFn: () => getAllStudents(query as StudentListQuery),
    enabled: query !== null,
    // Other staff upload and delete too: a list shown again is fetched again.
    staleTime: 0,
    // While another page of the same faculty and season loads, its counts stay on screen (the rows give way to a
    // notice).
    placeholderData: (previous, previousQuery) => {
      const shown = previousQuery?.queryKey[4] as StudentListQuery | null | undefined;
      return shown && query && shown.faculty === query.faculty && shown.season === query.season
        ? previous
        : undefined;
    },
  });
}

/** `POST /students/getStudentInfo`; a 404 is "no student matches", an empty list rather than an error. */
export async function searchStudents({
  type,
  text,
  faculty,
  completedOnly,
  documentsStatus,
  season,
}: StudentSearchQuery): Promise<ApiResult<GetStudentInfoResponse>> {
  const result = await apiRequest(withSeason('/students/getStudentInfo', season), {
    method: 'POST',
    body: {
      studentName: type === 1 ? text : null,
      nationalID: type === 2 ? text : null,
      isComplete: completedOnly ? true : null,
      documentsStatus,
      faculty,
    },
    auth: true,
    schema: getStudentInfoResponseSchema,
  });
  if (result.status === 'error' && result.httpStatus === 404)
    return { status: 'success', data: { status: 'success', data: [], studentsNumber: 0 }, httpStatus: 404 };
  return result;
}

export function useStudentSearch(token: string, query: StudentSearchQuery | null) {
  return useQuery({
    queryKey: [...studentsKey(token), 'search', query],
    queryFn: () => searchStudents(query as StudentSearchQuery),
    enabled: query !== null,
    staleTime: 0,
  });
}

/** `GET /users/getAllStudentsNumber`: the totals of what the account may see, before a faculty is chosen. */
export function getVisibleCounts(season: string | undefined) {
  return apiRequest(withSeason('/users/getAllStudentsNumber', season), {
    auth: true,
    schema: allStudentsNumberResponseSchema,
  });
}

export function useVisibleCounts(token: string, season: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...countsKey(token), season],
    queryFn: () => getVisibleCounts(season),
    enabled,
    staleTime: 0,
  });
}

export function deleteStudent(id: string) {
  return apiRequest(`/students/deleteStudent/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: true,
    schema: studentMessageResponseSchema,
  });
}

type Cached = ApiResult<GetAllStudentsResponse> | ApiResult<GetStudentInfoResponse>;

function withoutStudent(old: Cached | undefined, student: StudentRecord): Cached | undefined {
  if (old?.status !== 'success' || !old.data.data.some((row) => row._id === student._id)) return old;
  const data = old.data.data.filter((row) => row._id !== student._id);
  if ('completedStudentsNumber' in old.data) {
    const completed = old.data.completedStudentsNumber - (student.isComplete ? 1 : 0);
    return {
      ...old,
      data: {
        ...old.data,
        data,
        studentsNumber: old.data.studentsNumber - 1,
        completedStudentsNumber: completed,
      },
    };
  }
  return { ...old, data: { ...old.data, data, studentsNumber: old.data.studentsNumber - 1 } };
}

/** Takes a deleted student out of every cached list and search, so the row goes without a refetch. */
export function useForgetStudent(token: string) {
  const queryClient: QueryClient = useQueryClient();
  return useCallback(
    (student: StudentRecord) => {
      queryClient.setQueriesData<Cached>({ queryKey: studentsKey(token) }, (old) =>
        withoutStudent(old, student),
      );
      void queryClient.invalidateQueries({ queryKey: countsKey(token) });
    },
    [queryClient, token],
  );
}

/**
 * `POST /students/downloadStudentData/{type}`: a short-lived link the browser then opens (faculty null: every
 * faculty; season undefined: the current one).
 */
export function requestStudentDownload(
  type: StudentDownloadType,
  faculty: string | null,
  season: string | undefined,
) {
  return apiRequest(withSeason(`/students/downloadStudentData/${type}`, season), {
    method: 'POST',
    body: { faculty },
    auth: true,
    schema: studentDownloadResponseSchema,
  });
}

/**
 * `POST /forms/downloadLink`: a 10-minute signed link to a complete student's admission form (a PDF), which the
 * browser then opens; the form route itself wants the student's session or a bearer header, not a plain link.
 */
export function requestAdmissionFormLink(studentId: string) {
  return apiRequest('/forms/downloadLink', {
    method: 'POST',
    body: { studentId, form: 'admission' },
    auth: true,
    schema: studentDownloadResponseSchema,
  });
}
