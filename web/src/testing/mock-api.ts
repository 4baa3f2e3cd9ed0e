import { type Branding, type StudentData, type StudentLookupResponse, studentProgress } from '@portal/common';
import { vi } from 'vitest';

export const testBranding: Branding = {
  universityName: 'جامعة الاختبار',
  universityNameEn: 'Test University',
  copyrightHolder: 'مركز الاتصالات وتكنولوجيا المعلومات',
  academicYear: '2025/2026',
  logoUrl: '/stAdmission/logo.svg',
  socialLinks: [{ label: 'Facebook', url: 'https://facebook.example/university', icon: 'facebook' }],
  timeZone: 'Africa/Cairo',
};

export function studentLookup(flags: Partial<StudentData> = {}): StudentLookupResponse {
  const studentData: Omit<StudentData, 'progress'> = {
    isPassed: true,
    isCompletedAdditionalQuestions: true,
    isComplete: false,
    college: 'كلية الآداب',
    socialWork: false,
    tourism: false,
    appointed: false,
    appointedDay: null,
    appointedHour: null,
    documentsStatus: 'none',
    documents: [],
    appointmentPlace: null,
    interviewDecision: null,
    formsDownloaded: false,
    dataDeadline: null,
    ...flags,
  };
  return {
    status: 'success',
    _id: 'b3c1f6de-3a6f-4f0e-9d7e-2f1f1f0c9a10',
    result: [
      { name: 'الاسم', value: 'منى أحمد علي' },
      { name: 'الكلية', value: flags.college ?? 'كلية الآداب' },
    ],
    // As the server answers it: the tracker computed from the flags, unless a test gives its own.
    studentData: { progress: studentProgress(studentData), ...studentData },
  };
}

export interface MockRequest {
  body: unknown;
  headers: Headers;
  /** The query string's parameters (empty when it has none). */
  query: URLSearchParams;
}

/** Answers `{ status, body }`, or throws to play a network failure. */
export type Handler = (request: MockRequest) => { status?: number; body: unknown };

/**
 * Stubs fetch with handlers keyed 'METHOD /api/v1/path'; branding is answered unless a test replaces it. A key
 * with a query string answers that exact request; a key without one answers the path whatever its query, which the
 * handler reads from `query`.
 */
export function mockApi(handlers: Record<string, Handler> = {}) {
  const all: Record<string, Handler> = {
    'GET /api/v1/branding': () => ({ body: { status: 'success', data: testBranding } }),
    ...handlers,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const [withoutQuery = key, query = ''] = key.split('?');
    const handler = all[key] ?? all[withoutQuery];
    if (handler === undefined) throw new Error(`unexpected request ${key}`);
    const request = {
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      headers: new Headers(init?.headers),
      query: new URLSearchParams(query),
    };
    const { status = 200, body } = handler(request);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    /** The query strings sent to one path (a key without its query), oldest first. */
    queriesOf: (key: string) =>
      fetchMock.mock.calls
        .map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`.split('?'))
        .filter(([path]) => path === key)
        .map(([, query = '']) => query),
    /** The parsed bodies sent to one endpoint, oldest first. */
    bodiesOf: (key: string) =>
      fetchMock.mock.calls
        .filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}` === key)
        .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined)),
  };
}
