import {
  IMAGE_KINDS,
  type ImageKind,
  REVIEW_MESSAGES,
  type ReviewedDocument,
  type StudentRecordPage,
} from '@portal/common';
import { vi } from 'vitest';
import type { mockApi } from '@/testing/mock-api';

let next = 1;

/** The current season of the record fixtures, and a closed one before it (issue 21). */
export const CURRENT_SEASON = {
  id: '30000000-0000-4000-8000-000000002026',
  name: '2026/2027',
  current: true,
};
export const CLOSED_SEASON = {
  id: '30000000-0000-4000-8000-000000002025',
  name: '2025/2026',
  current: false,
};

export const recordPath = (id: string) => `GET /api/v1/students/record/${id}`;
export const reviewPath = (id: string) => `POST /api/v1/students/review/${id}`;
export const queuePath = (page: number) => `POST /api/v1/students/reviewQueue?page=${page}&limit=50`;
export const imagePath = (id: string, kind: ImageKind) => `/api/v1/students/document/${id}/${kind}`;

export function reviewedDocument(
  kind: ImageKind,
  overrides: Partial<ReviewedDocument> = {},
): ReviewedDocument {
  return {
    kind,
    state: 'pending',
    reason: null,
    note: null,
    reviewedBy: null,
    reviewedAt: null,
    contentType: 'image/jpeg',
    sizeBytes: 245_760,
    uploadedAt: '2025-08-03T09:15:00.000Z',
    ...overrides,
  };
}

/**
 * A complete student of the current season with its six documents awaiting review, at version 3, and no record in
 * another season; ids are UUID-shaped like the server's.
 */
export function studentRecordPage(
  overrides: { student?: Partial<StudentRecordPage['student']> } & Partial<
    Omit<StudentRecordPage, 'student'>
  > = {},
): StudentRecordPage {
  const n = next++;
  const { student, ...rest } = overrides;
  const id = student?._id ?? `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const season = rest.season ?? CURRENT_SEASON;
  return {
    student: {
      _id: id,
      studentName: `سلمى عادل رقم ${n}`,
      nationalID: `3050101${String(n).padStart(7, '0')}`,
      seatNo: '123456',
      phoneNumber: '01012345678',
      gender: 'أنثى',
      college: 'كلية التجارة',
      socialWork: false,
      tourism: false,
      enrollmentStatus: 'regular',
      importedTotalGrade: '385.5',
      importedPercentage: '93.5',
      isComplete: true,
      completedAt: '2025-08-03T09:15:00.000Z',
      isPassed: true,
      isCompletedAdditionalQuestions: true,
      documentsStatus: 'pending',
      completed: {
        studentNameEn: 'Salma Adel Hassan',
        phoneNumber: '01012345678',
        homeTel: null,
        address: 'شارع الجامعة، المنصورة',
        email: 'salma@example.com',
        qualification: 'الثانوية العامة',
        qualificationYear: '2024/2025',
        totalGrade: '385.5',
        percentage: '93.5',
        masterName: 'عادل حسن',
        masterJob: 'مهندس',
        masterQualification: 'بكالوريوس',
        fatherName: 'عادل حسن',
        fatherJob: 'مهندس',
        fatherQualification: 'بكالوريوس',
      },
      ...student,
    },
    documents: IMAGE_KINDS.map((kind) => reviewedDocument(kind)),
    quiz: { isPassed: true, attempts: 2 },
    answers: [{ question: 'كيف عرفت بالكلية؟', answer: ['من الأصدقاء', 'من الموقع'], input: 'Facebook' }],
    appointment: { appointedDay: '2025-09-14', appointedHour: 9 },
    history: [
      {
        at: '2025-08-03T09:15:00.000Z',
        actor: null,
        action: 'completeData',
        label: 'أكمل الطالب بياناته',
        details: null,
      },
      {
        at: '2025-08-04T12:30:00.000Z',
        actor: 'reviewer1',
        action: 'viewRecord',
        label: 'اطلع على سجل الطالب',
        details: null,
      },
    ],
    notifications: [],
    version: 3,
    season,
    seasonRecords: [{ studentId: id, seasonId: season.id, seasonName: season.name }],
    ...rest,
  };
}

/** The answer of `GET /students/record/{id}`. */
export const recordAnswer = (record: StudentRecordPage) => ({
  body: { status: 'success', data: record },
});

/**
 * Answers the image requests (which carry the bearer token, not JSON) with a tiny PNG and hands out object URLs,
 * which jsdom lacks. Everything else goes to the JSON handlers of `mockApi`.
 */
export function serveImages(api: ReturnType<typeof mockApi>, failing: ImageKind[] = []) {
  const json = api.fetchMock.getMockImplementation();
  api.fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/students/document/')) {
      const kind = url.split('/').at(-1) as ImageKind;
      if (failing.includes(kind))
        return new Response(JSON.stringify({ status: 'error', message: 'تعذر قراءة الصورة' }), {
          status: 500,
          headers: { 'Content-Type': 'application/json' },
        });
      return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
        headers: { 'Content-Type': 'image/png' },
      });
    }
    if (!json) throw new Error('no mock');
    return json(input, init);
  });
  let made = 0;
  const createObjectURL = vi.fn(() => `blob:test/${++made}`);
  const revokeObjectURL = vi.fn();
  Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: revokeObjectURL, configurable: true });
  return {
    createObjectURL,
    revokeObjectURL,
    /** The requests sent so far, as 'METHOD path', oldest first. */
    requests: () =>
      api.fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`),
  };
}

interface SentDecision {
  kind: ImageKind;
  decision: 'accepted' | 'rejected';
  reason?: ReviewedDocument['reason'];
  note?: string | null;
}

/** What `POST /students/review/{id}` answers for `decisions` sent against `record`: the next version's documents. */
export function savedReview(record: StudentRecordPage, decisions: SentDecision[], reviewer = 'reviewer1') {
  const documents = record.documents.map((document) => {
    const decided = decisions.find((decision) => decision.kind === document.kind);
    if (!decided) return document;
    return {
      ...document,
      state: decided.decision,
      reason: decided.decision === 'rejected' ? (decided.reason ?? null) : null,
      note: decided.decision === 'rejected' ? (decided.note ?? null) : null,
      reviewedBy: reviewer,
      reviewedAt: '2025-08-05T10:00:00.000Z',
    };
  });
  return {
    body: {
      status: 'success',
      message: REVIEW_MESSAGES.reviewSaved,
      data: { documents, version: record.version + 1 },
    },
  };
}
