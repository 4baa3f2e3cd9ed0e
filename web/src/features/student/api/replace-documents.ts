import { documentsStatusOf, type ImageKind, type StudentData } from '@portal/common';
import { API_BASE } from '@/lib/api-client';
import { completeDataBody, patchMultipart, type StagedUploads } from '../complete-data/upload';

export function replaceDocumentsPath(studentId: string): string {
  return `${API_BASE}/students/replaceDocuments/${encodeURIComponent(studentId)}`;
}

/**
 * `PATCH /students/replaceDocuments/{id}`: new images of refused documents, named by their finished uploads as the
 * complete-data form names them. The server stores all of them or none, and refuses (409) a kind that is not refused.
 */
export function replaceDocuments(
  studentId: string,
  uploads: StagedUploads,
  onProgress: (percent: number) => void,
) {
  return patchMultipart(replaceDocumentsPath(studentId), completeDataBody([], uploads), onProgress);
}

/**
 * The student's documents once the server has taken the `replaced` ones, which go back to awaiting review: shown at
 * once, before (or without) the fresh lookup, so the data screen does not still ask for what was just sent.
 */
export function afterReplacement(
  student: StudentData,
  replaced: readonly ImageKind[],
): Pick<StudentData, 'documents' | 'documentsStatus'> {
  const documents = student.documents.map((document) =>
    replaced.includes(document.kind)
      ? { ...document, state: 'pending' as const, reason: null, note: null }
      : document,
  );
  const documentsStatus = documentsStatusOf(
    student.isComplete,
    documents.map((document) => document.state),
  );
  return { documents, documentsStatus };
}
