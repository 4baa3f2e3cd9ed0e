import { MESSAGES, REVIEW_MESSAGES, STAGED_UPLOAD_MESSAGES, STAGED_UPLOADS_FIELD } from '@portal/common';
import { COMPLETE_DATA_FIELDS } from '../complete-data-fields.js';
import { tinyPng } from '../images.js';
import { tusMetadata } from '../tus.js';
import type { HostileCase } from './hostile-case.js';
import { SQL_INJECTION } from './payloads.js';

const TUS = { 'tus-resumable': '1.0.0' };
const CREATE = 'POST /uploads';
const UNKNOWN = 'ab'.repeat(16);
const photo = (kind = 'personalPhoto') => tusMetadata({ kind, filename: 'a.png', filetype: 'image/png' });

/** Issue 34: the tus endpoint, and submits naming staged uploads. Every refusal stores nothing. */
export const STAGED_UPLOAD_CASES: readonly HostileCase[] = [
  ...(
    [
      ['no Upload-Length', {}, 400, STAGED_UPLOAD_MESSAGES.uploadLengthRequired],
      ['a length that is text', { 'upload-length': 'abc' }, 400, STAGED_UPLOAD_MESSAGES.uploadLengthRequired],
      ['a negative length', { 'upload-length': '-1' }, 400, STAGED_UPLOAD_MESSAGES.uploadLengthRequired],
      ['a deferred length', { 'upload-defer-length': '1' }, 400, STAGED_UPLOAD_MESSAGES.uploadLengthRequired],
      ['a 100 GB length', { 'upload-length': '100000000000' }, 413, STAGED_UPLOAD_MESSAGES.uploadTooLarge],
      [
        'a kind that is SQL',
        { 'upload-length': '100', 'upload-metadata': photo(SQL_INJECTION) },
        400,
        STAGED_UPLOAD_MESSAGES.uploadKindUnknown,
      ],
      [
        'no metadata',
        { 'upload-length': '100', 'upload-metadata': '' },
        400,
        STAGED_UPLOAD_MESSAGES.uploadKindUnknown,
      ],
      [
        'metadata that is not base64',
        { 'upload-length': '100', 'upload-metadata': 'kind %%%' },
        400,
        MESSAGES.invalidInput,
      ],
      [
        'a method override',
        { 'upload-length': '100', 'x-http-method-override': 'PATCH' },
        400,
        MESSAGES.invalidInput,
      ],
      ['no Tus-Resumable', { 'upload-length': '100', 'tus-resumable': '' }, 412, MESSAGES.invalidInput],
    ] as const
  ).map(
    ([what, headers, status, message]): HostileCase => ({
      name: `tus create: ${what}`,
      route: CREATE,
      who: 'student',
      request: () => ({ headers: { ...TUS, 'upload-metadata': photo(), ...headers } }),
      status,
      message,
    }),
  ),
  {
    name: 'tus create: without a session',
    route: CREATE,
    who: 'anonymous',
    request: () => ({ headers: { ...TUS, 'upload-length': '100', 'upload-metadata': photo() } }),
    status: 401,
    message: MESSAGES.studentSessionExpired,
  },
  {
    name: 'tus create: a valid creation is taken (positive control)',
    route: CREATE,
    who: 'student',
    request: () => ({ headers: { ...TUS, 'upload-length': '100', 'upload-metadata': photo() } }),
    status: 201,
    accepted: { mayChange: ['staged_uploads', 'upload_locks'] },
  },
  ...(
    [
      ['an unknown id', `/uploads/${UNKNOWN}`, {}, 404],
      ['an id that is SQL', `/uploads/${encodeURIComponent(SQL_INJECTION)}`, {}, 404],
      ['an id of 64 characters', `/uploads/${'f'.repeat(64)}`, {}, 404],
    ] as const
  ).flatMap(([what, path, headers, status]): HostileCase[] => [
    {
      name: `tus patch: ${what}`,
      route: 'PATCH /uploads/:id',
      who: 'student',
      request: () => ({
        path,
        headers: { ...TUS, 'upload-offset': '0', ...headers },
        body: { kind: 'raw', payload: tinyPng(), contentType: 'application/offset+octet-stream' },
      }),
      status,
      message: STAGED_UPLOAD_MESSAGES.uploadNotFound,
    },
    {
      name: `tus delete: ${what}`,
      route: 'DELETE /uploads/:id',
      who: 'student',
      request: () => ({ path, headers: TUS }),
      status,
      message: STAGED_UPLOAD_MESSAGES.uploadNotFound,
    },
    {
      name: `tus head: ${what}`,
      route: 'HEAD /uploads/:id',
      who: 'student',
      request: () => ({ path, headers: TUS }),
      status,
    },
  ]),
  {
    name: 'tus patch: 3 MB to an unknown id',
    route: 'PATCH /uploads/:id',
    who: 'student',
    request: () => ({
      path: `/uploads/${UNKNOWN}`,
      headers: { ...TUS, 'upload-offset': '0' },
      body: {
        kind: 'raw',
        payload: Buffer.alloc(3 * 1024 * 1024, 1),
        contentType: 'application/offset+octet-stream',
      },
    }),
    status: 404,
    message: STAGED_UPLOAD_MESSAGES.uploadNotFound,
  },
  {
    name: 'tus patch: without a session',
    route: 'PATCH /uploads/:id',
    who: 'anonymous',
    request: () => ({
      path: `/uploads/${UNKNOWN}`,
      headers: { ...TUS, 'upload-offset': '0' },
      body: { kind: 'raw', payload: tinyPng(), contentType: 'application/offset+octet-stream' },
    }),
    status: 401,
  },
  {
    name: 'tus head: without a session',
    route: 'HEAD /uploads/:id',
    who: 'anonymous',
    request: () => ({ path: `/uploads/${UNKNOWN}`, headers: TUS }),
    status: 401,
  },
  {
    name: 'tus delete: without a session',
    route: 'DELETE /uploads/:id',
    who: 'anonymous',
    request: () => ({ path: `/uploads/${UNKNOWN}`, headers: TUS }),
    status: 401,
  },
  ...(
    [
      ['not JSON', '{kind', 400, STAGED_UPLOAD_MESSAGES.uploadsInvalid],
      ['a prototype pollution', '{"__proto__":{"polluted":1}}', 400, STAGED_UPLOAD_MESSAGES.uploadsInvalid],
      [
        'an id that is SQL',
        JSON.stringify({ frontIdCard: SQL_INJECTION }),
        400,
        STAGED_UPLOAD_MESSAGES.uploadsInvalid,
      ],
      ['an unknown id', JSON.stringify({ frontIdCard: UNKNOWN }), 404, STAGED_UPLOAD_MESSAGES.uploadNotFound],
      ['an array', '[]', 400, STAGED_UPLOAD_MESSAGES.uploadsInvalid],
    ] as const
  ).map(
    ([what, value, status, message]): HostileCase => ({
      name: `complete data: an uploads field that is ${what}`,
      route: 'PATCH /students/completeStudentData/:id',
      who: 'student',
      request: (ctx) => ({
        path: `/students/completeStudentData/${ctx.student.id}`,
        body: { kind: 'multipart', fields: { ...COMPLETE_DATA_FIELDS, [STAGED_UPLOADS_FIELD]: value } },
      }),
      status,
      message,
    }),
  ),
  {
    name: 'replace documents: an uploads field before the data is complete',
    route: 'PATCH /students/replaceDocuments/:id',
    who: 'student',
    request: (ctx) => ({
      path: `/students/replaceDocuments/${ctx.student.id}`,
      body: {
        kind: 'multipart',
        fields: { [STAGED_UPLOADS_FIELD]: JSON.stringify({ frontIdCard: UNKNOWN }) },
      },
    }),
    status: 409,
    message: REVIEW_MESSAGES.replaceNotComplete,
  },
];
