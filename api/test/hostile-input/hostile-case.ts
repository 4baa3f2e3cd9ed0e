import type { AdditionalQuestion, StaffRole } from '@portal/common';
import type { FilePart } from '../multipart.js';

/** Who sends a hostile request: nobody, a logged-in student, or a staff account of a role. */
export type Who = 'anonymous' | 'student' | 'passedStudent' | StaffRole;

export type HostileBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; payload: string | Buffer; contentType: string }
  | {
      kind: 'multipart';
      fields: Record<string, string> | readonly (readonly [string, string])[];
      files?: readonly FilePart[];
    };

/** The request of one case: the path (under /api/v1, with its query) when it differs from the route's. */
export interface HostileRequest {
  path?: string;
  body?: HostileBody;
  headers?: Record<string, string>;
}

/** What the cases may use: the students and accounts made before the table runs. */
export interface CaseContext {
  /** Logged in, data not complete, quiz not passed, of the faculty TEST_FACULTY. */
  student: { id: string; nationalId: string };
  /** Logged in, quiz passed (so the questionnaire can be submitted). */
  passedStudent: { id: string; nationalId: string };
  /** A student of another faculty nobody in the table is logged in as. */
  otherStudent: { id: string; nationalId: string };
  /**
   * Of TEST_FACULTY, data complete, its six documents stored (files in the storage) and awaiting review at
   * review version 0, nobody logged in as it: what the review calls work on.
   */
  reviewStudent: { id: string; nationalId: string };
  /** The current admission season (issue 21); no case opens another. */
  season: { id: string; name: string };
  /** A college none of the table's students belongs to: the deadline cases set and clear its deadline. */
  college: { id: string };
  staff: Record<StaffRole, { id: string; token: string; phoneNumber: string; userName: string }>;
  questions: readonly AdditionalQuestion[];
  /** The quiz questions drawn for `student` (their indexes, as the answers name them). */
  drawnQuestions: readonly string[];
  /** Sends a follow-up request (for `verify`), e.g. to open a download link. */
  inject: (path: string) => Promise<{ statusCode: number; rawPayload: Buffer }>;
  /** Reads the database straight (for `verify`). */
  query: <T>(text: string, values?: unknown[]) => Promise<T[]>;
}

/**
 * One hostile request and what the portal must answer. A refused case (4xx) must answer the Arabic error
 * envelope and change no row of any table but those it is `counted` in. An accepted case (`accepted`) is a positive control: the portal
 * must take the input as data (digits normalised, text stored as text), may change only the tables named, and
 * `verify` checks what was stored.
 */
export interface HostileCase {
  name: string;
  /** The route as the OpenAPI document names it, e.g. `POST /students/getStudent` or `GET /downloads/:token`. */
  route: string;
  who: Who;
  request: (ctx: CaseContext) => HostileRequest;
  status: number;
  /** The exact Arabic message; without it any Arabic sentence will do. */
  message?: string;
  /** The answer is an HTML page (the forms' verification page), not the JSON envelope. */
  html?: true;
  /** The answer is a redirect to this address (the login form post sends refusals back to the login screen). */
  location?: string;
  /**
   * A refusal that is itself counted: the only tables it may change (an unknown national ID counts a miss for the
   * lookup guard, decision 0018; a wrong staff password counts a failure for the throttle and is audited, 0019).
   */
  counted?: readonly string[];
  accepted?: {
    mayChange?: readonly string[];
    verify?: (ctx: CaseContext, body: string) => Promise<void> | void;
  };
}
