import { completeDataStoredResponseSchema, nameListResponseSchema } from '@portal/common';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, apiRequest } from '@/lib/api-client';
import { storedDataPath, takeEarlyStoredData } from '../api/early-requests';

/** The values and images the student already saved, to fill the edit form (and the imported phone and grades). */
function getStoredCompleteData(studentId: string) {
  return apiRequest(storedDataPath(studentId), { schema: completeDataStoredResponseSchema });
}

/**
 * The early answer when the page opened on this screen for this student and it succeeded (sent before the lookup
 * renewed the session cookie, it may have been refused), the server's otherwise.
 */
async function fetchStoredCompleteData(studentId: string): ReturnType<typeof getStoredCompleteData> {
  const answer = await takeEarlyStoredData(studentId);
  if (answer?.status === 'success') {
    const checked = completeDataStoredResponseSchema.safeParse(answer.data);
    if (checked.success) return { ...answer, data: checked.data };
  }
  return getStoredCompleteData(studentId);
}

/** Fetched afresh on every visit: what the form starts from must be what the server holds now. */
export function useStoredCompleteData(studentId: string) {
  return useQuery({
    queryKey: ['completeData', studentId],
    queryFn: () => fetchStoredCompleteData(studentId),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    // Read once per visit: a phone that finds its network again must not reload the form's data under the
    // student (a refetch racing the returning connection fails, and the error would replace the form).
    refetchOnReconnect: false,
  });
}

export function getCollegePrograms(college: string) {
  return apiRequest(`/colleges/tourism/${encodeURIComponent(college)}/programs`, {
    schema: nameListResponseSchema,
  });
}

/** The program list of a tourism college (spec section 7: data.data). */
export function useCollegePrograms(college: string, enabled: boolean) {
  return useQuery({
    queryKey: ['collegePrograms', college],
    queryFn: () => getCollegePrograms(college),
    enabled,
    retry: false,
    refetchOnReconnect: false,
  });
}

/** A stored image, for the preview on the edit form (`GET /students/photo/{id}/{kind}`). */
export function storedPhotoUrl(studentId: string, kind: string): string {
  return `${API_BASE}/students/photo/${encodeURIComponent(studentId)}/${encodeURIComponent(kind)}`;
}
