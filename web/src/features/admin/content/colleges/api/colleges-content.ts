import {
  type CollegeCreate,
  type CollegePatch,
  contentCollegesResponseSchema,
  type ProgramCreate,
  type ProgramPatch,
} from '@portal/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffKeys } from '@/components/admin/staff-session';
import { apiRequest, type ResponseParser } from '@/lib/api-client';

const contentCollegesKey = (token: string) => [...staffKeys.of(token), 'content', 'colleges'] as const;

/** `GET /content/colleges`: every college, hidden ones too, with its flags, counts and programs. */
export function getContentColleges() {
  return apiRequest('/content/colleges', { auth: true, schema: contentCollegesResponseSchema });
}

export function useContentColleges(token: string) {
  return useQuery({ queryKey: contentCollegesKey(token), queryFn: getContentColleges, staleTime: 0 });
}

/**
 * What this screen reads of a write's answer: its Arabic message. The list is read again after each write (a
 * change of one college can move the others' order), so the shape of the answer's data does not matter here.
 */
const messageOf: ResponseParser<{ message?: string }> = {
  parse(body) {
    if (typeof body !== 'object' || body === null || !('status' in body) || body.status !== 'success')
      throw new Error('not a success envelope');
    return { message: 'message' in body && typeof body.message === 'string' ? body.message : undefined };
  },
};

const collegePath = (id: string) => `/colleges/${encodeURIComponent(id)}`;
const programPath = (id: string, programId: string) =>
  `${collegePath(id)}/programs/${encodeURIComponent(programId)}`;

export type CollegeWrite =
  | { kind: 'addCollege'; body: CollegeCreate }
  | { kind: 'editCollege'; id: string; body: CollegePatch }
  | { kind: 'deleteCollege'; id: string }
  | { kind: 'addProgram'; id: string; body: ProgramCreate }
  | { kind: 'editProgram'; id: string; programId: string; body: ProgramPatch }
  | { kind: 'deleteProgram'; id: string; programId: string };

/** `POST|PATCH|DELETE /colleges…`: one write of a college or of a tourism college's program. */
export function writeCollege(write: CollegeWrite) {
  const auth = true;
  const schema = messageOf;
  switch (write.kind) {
    case 'addCollege':
      return apiRequest('/colleges', { method: 'POST', body: write.body, auth, schema });
    case 'editCollege':
      return apiRequest(collegePath(write.id), { method: 'PATCH', body: write.body, auth, schema });
    case 'deleteCollege':
      return apiRequest(collegePath(write.id), { method: 'DELETE', auth, schema });
    case 'addProgram':
      return apiRequest(`${collegePath(write.id)}/programs`, {
        method: 'POST',
        body: write.body,
        auth,
        schema,
      });
    case 'editProgram':
      return apiRequest(programPath(write.id, write.programId), {
        method: 'PATCH',
        body: write.body,
        auth,
        schema,
      });
    case 'deleteProgram':
      return apiRequest(programPath(write.id, write.programId), { method: 'DELETE', auth, schema });
  }
}

/** Every write reads the list again, and so do the other screens' college lists (names, faculty pickers). */
export function useWriteCollege(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writeCollege,
    onSuccess: async (result) => {
      if (result.status !== 'success') return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contentCollegesKey(token) }),
        queryClient.invalidateQueries({ queryKey: [...staffKeys.of(token), 'colleges'] }),
        queryClient.invalidateQueries({ queryKey: ['colleges'] }),
      ]);
    },
  });
}
