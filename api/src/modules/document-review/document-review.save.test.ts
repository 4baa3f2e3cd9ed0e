// Kept whole: one route (POST /students/review/:id), its messages and its bad bodies, on one app and one
// embedded database; another file would start another database.
import { randomUUID } from 'node:crypto';
import {
  IMAGE_KINDS,
  type ImageKind,
  MESSAGES,
  REVIEW_MESSAGES,
  REVIEW_NOTE_MAX_LENGTH,
  type ReviewResponse,
  type StaffRole,
  type StudentRecordPage,
} from '@portal/common';
import { asc, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  injectAs,
  insertStaff,
  OTHER_FACULTY,
  staffWithRole,
  TEST_FACULTY,
  type TestStaff,
} from '../../../test/auth-helpers.js';
import { insertStudent, loginStudent } from '../../../test/builders.js';
import { insertReviewableStudent, type ReviewableStudent } from '../../../test/documents.js';
import { bothChannels, outboxRows } from '../../../test/outbox.js';
import { createTestApp } from '../../../test/test-app.js';
import { refreshDocumentsStatus } from '../../db/documents-status.js';
import { auditLog, studentImages, students } from '../../db/schema/index.js';
import { SOCIAL_WORK_COLLEGE } from '../../setup/seed/colleges.js';

const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '10000' });
const db = database.db;

const url = (id: string) => `/api/v1/students/review/${id}`;
const error = (message: string) => ({ status: 'error', message });
type Who = StaffRole | TestStaff;

function save(who: Who, id: string, payload: unknown) {
  return injectAs(app, who, {
    method: 'POST',
    url: url(id),
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}
const dataOf = (res: { json(): unknown }) => (res.json() as ReviewResponse).data;

const accept = (kind: ImageKind) => ({ kind, decision: 'accepted' });
const acceptAll = IMAGE_KINDS.map(accept);

/** Everything a save could change: the student's review columns, its image rows, and the audit log's size. */
async function stateOf(studentId: string) {
  const [student] = await db
    .select({
      documentsStatus: students.documentsStatus,
      documentsAwaiting: students.documentsAwaiting,
      reviewVersion: students.reviewVersion,
      updatedAt: students.updatedAt,
    })
    .from(students)
    .where(eq(students.id, studentId));
  const images = await db
    .select()
    .from(studentImages)
    .where(eq(studentImages.studentId, studentId))
    .orderBy(asc(studentImages.kind));
  const [audit] = await db.select({ n: count() }).from(auditLog);
  return { student, images, auditRows: audit?.n };
}

async function reviewRowsOf(studentId: string) {
  return db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, studentId))
    .then((rows) => rows.filter((row) => row.action === 'student.review'));
}

let commerce: ReviewableStudent;
let engineering: ReviewableStudent;
let socialWork: ReviewableStudent;

beforeAll(async () => {
  commerce = await insertReviewableStudent(app, { college: TEST_FACULTY });
  engineering = await insertReviewableStudent(app, { college: OTHER_FACULTY });
  socialWork = await insertReviewableStudent(app, { college: SOCIAL_WORK_COLLEGE });
});

describe('POST /students/review/:id', () => {
  it('records each decision with its reviewer and time, moves the version on and audits the save', async () => {
    const student = await insertReviewableStudent(app, { college: TEST_FACULTY });
    const reviewer = await insertStaff(db, { role: 'ADMIN', userName: 'faculty_reviewer' });
    const res = await save(reviewer, student.id, {
      version: 0,
      decisions: [
        accept('frontIdCard'),
        accept('backIdCard'),
        { kind: 'birthCertificate', decision: 'rejected', reason: 'cropped' },
        { kind: 'personalPhoto', decision: 'rejected', reason: 'other', note: 'الخلفية ليست بيضاء' },
        accept('secondarySchoolCertificate'),
        accept('nominationCard'),
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: REVIEW_MESSAGES.reviewSaved });
    const data = dataOf(res);
    expect(data.version).toBe(1);
    expect(
      data.documents.map((document) => [document.kind, document.state, document.reason, document.note]),
    ).toEqual([
      ['frontIdCard', 'accepted', null, null],
      ['backIdCard', 'accepted', null, null],
      ['birthCertificate', 'rejected', 'cropped', null],
      ['personalPhoto', 'rejected', 'other', 'الخلفية ليست بيضاء'],
      ['secondarySchoolCertificate', 'accepted', null, null],
      ['nominationCard', 'accepted', null, null],
    ]);
    for (const document of data.documents) {
      expect(document.reviewedBy).toBe('faculty_reviewer');
      expect(Math.abs(Date.now() - Date.parse(document.reviewedAt ?? ''))).toBeLessThan(60_000);
    }

    const { student: row, images } = await stateOf(student.id);
    expect(row).toMatchObject({ documentsStatus: 'needsReupload', documentsAwaiting: 0, reviewVersion: 1 });
    expect(images.find((image) => image.kind === 'personalPhoto')).toMatchObject({
      reviewStatus: 'rejected',
      reviewReason: 'other',
      reviewNote: 'الخلفية ليست بيضاء',
      reviewedBy: reviewer.id,
      reviewedByUserName: 'faculty_reviewer',
    });

    const [audit] = await reviewRowsOf(student.id);
    expect(audit).toMatchObject({
      actorId: reviewer.id,
      actorUserName: 'faculty_reviewer',
      targetType: 'student',
      targetId: student.id,
    });
    expect(audit?.details).toEqual({
      decisions: [
        { kind: 'frontIdCard', decision: 'accepted', reason: null, note: null },
        { kind: 'backIdCard', decision: 'accepted', reason: null, note: null },
        { kind: 'birthCertificate', decision: 'rejected', reason: 'cropped', note: null },
        { kind: 'personalPhoto', decision: 'rejected', reason: 'other', note: 'الخلفية ليست بيضاء' },
        { kind: 'secondarySchoolCertificate', decision: 'accepted', reason: null, note: null },
        { kind: 'nominationCard', decision: 'accepted', reason: null, note: null },
      ],
      version: 1,
    });
  });

  it('keeps the undecided documents pending, and counts them as awaiting', async () => {
    const student = await insertReviewableStudent(app, { college: TEST_FACULTY });
    const res = await save('SUPERADMIN', student.id, { version: 0, decisions: [accept('frontIdCard')] });
    expect(res.statusCode).toBe(200);
    expect(dataOf(res).documents.filter((document) => document.state === 'pending')).toHaveLength(5);
    expect((await stateOf(student.id)).student).toMatchObject({
      documentsStatus: 'pending',
      documentsAwaiting: 5,
      reviewVersion: 1,
    });
  });

  it('marks the documents accepted once all six are, each save moving the version on by one', async () => {
    const student = await insertReviewableStudent(app, { college: TEST_FACULTY });
    const first = await save('SUPPORT', student.id, {
      version: 0,
      decisions: [{ kind: 'nominationCard', decision: 'rejected', reason: 'wrongDocument' }],
    });
    expect(dataOf(first).version).toBe(1);
    // A reviewer may change its mind: the refused card is accepted with the rest.
    const second = await save('SUPPORT', student.id, { version: 1, decisions: acceptAll });
    expect(second.statusCode).toBe(200);
    expect(dataOf(second).version).toBe(2);
    expect(dataOf(second).documents.every((document) => document.state === 'accepted')).toBe(true);
    expect((await stateOf(student.id)).student).toMatchObject({
      documentsStatus: 'accepted',
      documentsAwaiting: 0,
      reviewVersion: 2,
    });
    expect(await reviewRowsOf(student.id)).toHaveLength(2);
  });

  it('drops a reason or note sent with an acceptance', async () => {
    const student = await insertReviewableStudent(app, { college: TEST_FACULTY });
    const res = await save('SUPERADMIN', student.id, {
      version: 0,
      decisions: [{ kind: 'backIdCard', decision: 'accepted', reason: 'cropped', note: 'لا شيء' }],
    });
    expect(res.statusCode).toBe(200);
    const image = (await stateOf(student.id)).images.find((row) => row.kind === 'backIdCard');
    expect(image).toMatchObject({ reviewStatus: 'accepted', reviewReason: null, reviewNote: null });
  });

  it('stores and answers a hostile note exactly as typed, on the save, the record page and the audit row', async () => {
    const student = await insertReviewableStudent(app, { college: TEST_FACULTY });
    const note =
      '<script>alert("x")</script> #set page(fill: red) #import "/etc/passwd": * $x^2$ \\ `raw` ' +
      '<img src=x onerror=alert(1)> \u202eمعكوس\u202c "quotes" & ampersand';
    const exactlyLong = 'ن'.repeat(REVIEW_NOTE_MAX_LENGTH);
    const res = await save('SUPERADMIN', student.id, {
      version: 0,
      decisions: [
        { kind: 'frontIdCard', decision: 'rejected', reason: 'other', note },
        { kind: 'backIdCard', decision: 'rejected', reason: 'nameMismatch', note: exactlyLong },
      ],
    });
    expect(res.statusCode).toBe(200);
    const answered = new Map(dataOf(res).documents.map((document) => [document.kind, document.note]));
    expect(answered.get('frontIdCard')).toBe(note);
    expect(answered.get('backIdCard')).toBe(exactlyLong);
    const stored = (await stateOf(student.id)).images.find((row) => row.kind === 'frontIdCard');
    expect(stored?.reviewNote).toBe(note);

    const page = await injectAs(app, 'SUPERADMIN', {
      method: 'GET',
      url: `/api/v1/students/record/${student.id}`,
    });
    const record = (page.json() as { data: StudentRecordPage }).data;
    expect(record.documents.find((document) => document.kind === 'frontIdCard')?.note).toBe(note);
    const [audit] = await reviewRowsOf(student.id);
    expect(audit?.details).toMatchObject({
      decisions: [{ kind: 'frontIdCard', note }, { kind: 'backIdCard' }],
    });
  });

  it('refuses a save based on an older version with 409, changing nothing', async () => {
    const student = await insertReviewableStudent(app, { college: TEST_FACULTY });
    expect(
      (await save('SUPERADMIN', student.id, { version: 0, decisions: [accept('frontIdCard')] })).statusCode,
    ).toBe(200);
    const before = await stateOf(student.id);
    for (const version of [0, 2, 99]) {
      const res = await save('SUPERADMIN', student.id, { version, decisions: acceptAll });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(error(REVIEW_MESSAGES.reviewStale));
    }
    expect(await stateOf(student.id)).toEqual(before);
  });

  it("refuses a save based on what the reviewer saw before the student's replacement", async () => {
    const student = await insertReviewableStudent(app, { college: TEST_FACULTY });
    // A replacement moves the version on as the review does (db/documents-status.ts).
    await refreshDocumentsStatus(db, student.id, { bumpVersion: true });
    const before = await stateOf(student.id);
    const res = await save('SUPERADMIN', student.id, { version: 0, decisions: acceptAll });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(error(REVIEW_MESSAGES.reviewStale));
    expect(await stateOf(student.id)).toEqual(before);
  });

  it('lets exactly one of two simultaneous saves on the same version through', async () => {
    const student = await insertReviewableStudent(app, { college: TEST_FACULTY });
    const [a, b] = await Promise.all([
      save('SUPERADMIN', student.id, { version: 0, decisions: acceptAll }),
      save('SUPPORT', student.id, {
        version: 0,
        decisions: IMAGE_KINDS.map((kind) => ({ kind, decision: 'rejected', reason: 'unreadable' })),
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? a : b;
    const { student: row, images } = await stateOf(student.id);
    expect(row?.reviewVersion).toBe(1);
    // The database holds the winner's decisions, whole.
    const won = new Map(dataOf(winner).documents.map((document) => [document.kind, document.state]));
    for (const image of images) expect(image.reviewStatus).toBe(won.get(image.kind as ImageKind));
    expect(await reviewRowsOf(student.id)).toHaveLength(1);
  });

  it('refuses a student whose data is not complete with 409, changing nothing', async () => {
    const student = await insertStudent(db, { college: TEST_FACULTY });
    const before = await stateOf(student.id);
    const res = await save('SUPERADMIN', student.id, { version: 0, decisions: [accept('frontIdCard')] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(error(REVIEW_MESSAGES.reviewNotComplete));
    expect(await stateOf(student.id)).toEqual(before);
  });

  it('refuses a decision on a document never stored with 409 naming it, and keeps the other decisions unwritten', async () => {
    const student = await insertReviewableStudent(
      app,
      { college: TEST_FACULTY },
      {
        // Five stored; the nomination card never was.
        kinds: IMAGE_KINDS.filter((kind) => kind !== 'nominationCard'),
      },
    );
    const before = await stateOf(student.id);
    const res = await save('SUPERADMIN', student.id, {
      version: 0,
      decisions: [accept('frontIdCard'), accept('nominationCard')],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`${REVIEW_MESSAGES.reviewDocumentMissing}: صورة بطاقة الترشيح`);
    expect(await stateOf(student.id)).toEqual(before);
  });

  it('answers 404 for an unknown student and 400 for a malformed id, changing nothing', async () => {
    const before = await stateOf(commerce.id);
    const unknown = await save('SUPERADMIN', randomUUID(), { version: 0, decisions: acceptAll });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(error(MESSAGES.studentRecordNotFound));
    const malformed = await save('SUPERADMIN', 'abc', { version: 0, decisions: acceptAll });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual(error(MESSAGES.studentIdInvalid));
    expect(await stateOf(commerce.id)).toEqual(before);
  });

  it.each<[string, Who | (() => Promise<TestStaff>), () => ReviewableStudent]>([
    ["ADMIN, another faculty's student", 'ADMIN', () => engineering],
    ['ADMIN, a social-work student', 'ADMIN', () => socialWork],
    ['SOCIAL_ADMIN, a student of a college without social work', 'SOCIAL_ADMIN', () => commerce],
    [
      "the engineering ADMIN, commerce's student",
      () => insertStaff(db, { role: 'ADMIN', faculty: OTHER_FACULTY }),
      () => commerce,
    ],
  ])('refuses %s with 403, changing nothing', async (_, who, student) => {
    const staff = typeof who === 'function' ? await who() : who;
    const before = await stateOf(student().id);
    const res = await save(staff, student().id, { version: 0, decisions: acceptAll });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(error(REVIEW_MESSAGES.studentOutsideScope));
    expect(await stateOf(student().id)).toEqual(before);
  });

  it.each<[string, Who, () => ReviewableStudent]>([
    ['SOCIAL_ADMIN, a social-work student', 'SOCIAL_ADMIN', () => socialWork],
    ["ADMIN, its own faculty's student", 'ADMIN', () => commerce],
    ['SUPPORT, any student', 'SUPPORT', () => engineering],
  ])('lets %s save', async (_, who, student) => {
    const [row] = await db
      .select({ version: students.reviewVersion })
      .from(students)
      .where(eq(students.id, student().id));
    const res = await save(who, student().id, { version: row?.version, decisions: [accept('frontIdCard')] });
    expect(res.statusCode).toBe(200);
  });

  it("refuses a student's own session (no staff token) with 401, changing nothing", async () => {
    const cookie = await loginStudent(app, commerce.nationalId);
    const before = await stateOf(commerce.id);
    const res = await app.inject({
      method: 'POST',
      url: url(commerce.id),
      headers: { cookie },
      payload: { version: 0, decisions: acceptAll },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(error(MESSAGES.unauthorized));
    expect(await stateOf(commerce.id)).toEqual(before);
  });
});

describe('POST /students/review/:id: messages to the student (issue 17)', () => {
  const refuse = (kind: ImageKind, reason: string, note?: string) => ({
    kind,
    decision: 'rejected',
    reason,
    ...(note === undefined ? {} : { note }),
  });

  it('queues documentRefused with the documents this save refused, keyed by the version it leaves', async () => {
    const student = await insertReviewableStudent(app, { college: TEST_FACULTY });
    const first = await save('SUPERADMIN', student.id, {
      version: 0,
      decisions: [
        accept('frontIdCard'),
        refuse('personalPhoto', 'other', 'الخلفية ليست بيضاء'),
        refuse('backIdCard', 'cropped'),
      ],
    });
    expect(first.statusCode).toBe(200);
    const refusedFirst = bothChannels('documentRefused', 'documentRefused:1', {
      documents: [
        { kind: 'personalPhoto', reason: 'other', note: 'الخلفية ليست بيضاء' },
        { kind: 'backIdCard', reason: 'cropped', note: null },
      ],
    });
    expect(await outboxRows(db, student.id)).toEqual(refusedFirst);

    // The photo was refused already: only the newly refused certificate is told.
    const second = await save('SUPERADMIN', student.id, {
      version: 1,
      decisions: [refuse('personalPhoto', 'unreadable'), refuse('birthCertificate', 'expired')],
    });
    expect(second.statusCode).toBe(200);
    const refusedSecond = bothChannels('documentRefused', 'documentRefused:2', {
      documents: [{ kind: 'birthCertificate', reason: 'expired', note: null }],
    });
    expect(await outboxRows(db, student.id)).toEqual([...refusedFirst, ...refusedSecond]);

    // Refusing again what is refused tells nothing new.
    const third = await save('SUPERADMIN', student.id, {
      version: 2,
      decisions: [refuse('backIdCard', 'unreadable')],
    });
    expect(third.statusCode).toBe(200);
    expect(await outboxRows(db, student.id)).toEqual([...refusedFirst, ...refusedSecond]);
  });

  it('queues documentsAccepted when the save makes all six accepted, and not again after', async () => {
    const student = await insertReviewableStudent(app, { college: TEST_FACULTY });
    const partly = await save('SUPERADMIN', student.id, { version: 0, decisions: [accept('frontIdCard')] });
    expect(partly.statusCode).toBe(200);
    expect(await outboxRows(db, student.id)).toEqual([]);
    const whole = await save('SUPERADMIN', student.id, { version: 1, decisions: acceptAll });
    expect(whole.statusCode).toBe(200);
    const accepted = bothChannels('documentsAccepted', 'documentsAccepted:2');
    expect(await outboxRows(db, student.id)).toEqual(accepted);
    const again = await save('SUPERADMIN', student.id, { version: 2, decisions: [accept('backIdCard')] });
    expect(again.statusCode).toBe(200);
    expect(await outboxRows(db, student.id)).toEqual(accepted);
  });

  it('queues nothing for a refused save, nor for a stale repeat of a save already made', async () => {
    const student = await insertReviewableStudent(app, { college: TEST_FACULTY });
    const refusal = { version: 0, decisions: [refuse('nominationCard', 'wrongDocument')] };
    expect((await save('SUPERADMIN', student.id, refusal)).statusCode).toBe(200);
    const queued = await outboxRows(db, student.id);
    expect(queued).toHaveLength(2);
    expect((await save('SUPERADMIN', student.id, refusal)).statusCode).toBe(409);
    expect((await save('SUPERADMIN', student.id, { version: 0, decisions: acceptAll })).statusCode).toBe(409);
    // A decision on a document never stored rolls the whole save back, its message with it.
    const fiveStored = await insertReviewableStudent(
      app,
      { college: TEST_FACULTY },
      { kinds: IMAGE_KINDS.filter((kind) => kind !== 'nominationCard') },
    );
    const missing = await save('SUPERADMIN', fiveStored.id, {
      version: 0,
      decisions: [refuse('frontIdCard', 'cropped'), accept('nominationCard')],
    });
    expect(missing.statusCode).toBe(409);
    expect(await outboxRows(db, student.id)).toEqual(queued);
    expect(await outboxRows(db, fiveStored.id)).toEqual([]);
  });

  it("queues only the winner's message when two saves on the same version cross", async () => {
    const student = await insertReviewableStudent(app, { college: TEST_FACULTY });
    const [a, b] = await Promise.all([
      save('SUPERADMIN', student.id, { version: 0, decisions: acceptAll }),
      save('SUPPORT', student.id, { version: 0, decisions: [refuse('frontIdCard', 'unreadable')] }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await outboxRows(db, student.id)).toEqual(
      a.statusCode === 200
        ? bothChannels('documentsAccepted', 'documentsAccepted:1')
        : bothChannels('documentRefused', 'documentRefused:1', {
            documents: [{ kind: 'frontIdCard', reason: 'unreadable', note: null }],
          }),
    );
  });
});

describe('POST /students/review/:id: bad bodies', () => {
  const rejected = (fields: object) => ({ kind: 'frontIdCard', decision: 'rejected', ...fields });
  const tooLong = 'م'.repeat(REVIEW_NOTE_MAX_LENGTH + 1);

  it.each<[string, unknown, string]>([
    [
      'an unknown kind',
      { version: 0, decisions: [{ kind: 'passport', decision: 'accepted' }] },
      MESSAGES.photoKindUnknown,
    ],
    [
      'an unknown reason',
      { version: 0, decisions: [rejected({ reason: 'ugly' })] },
      REVIEW_MESSAGES.refusalReasonInvalid,
    ],
    [
      'a refusal without a reason',
      { version: 0, decisions: [rejected({})] },
      REVIEW_MESSAGES.refusalReasonRequired,
    ],
    [
      "'other' without a note",
      { version: 0, decisions: [rejected({ reason: 'other' })] },
      REVIEW_MESSAGES.refusalNoteRequired,
    ],
    [
      "'other' with a blank note",
      { version: 0, decisions: [rejected({ reason: 'other', note: '   \n ' })] },
      REVIEW_MESSAGES.refusalNoteRequired,
    ],
    [
      `a note of ${REVIEW_NOTE_MAX_LENGTH + 1} characters`,
      { version: 0, decisions: [rejected({ reason: 'cropped', note: tooLong })] },
      REVIEW_MESSAGES.reviewNoteTooLong,
    ],
    [
      'a note that is not text',
      { version: 0, decisions: [rejected({ reason: 'cropped', note: 5 })] },
      REVIEW_MESSAGES.reviewNoteInvalid,
    ],
    [
      'a decision other than accept or refuse',
      { version: 0, decisions: [{ kind: 'frontIdCard', decision: 'maybe' }] },
      REVIEW_MESSAGES.reviewDecisionInvalid,
    ],
    [
      'the same kind twice',
      { version: 0, decisions: [accept('frontIdCard'), rejected({ reason: 'cropped' })] },
      REVIEW_MESSAGES.reviewKindRepeated,
    ],
    ['no decision', { version: 0, decisions: [] }, REVIEW_MESSAGES.reviewDecisionsRequired],
    [
      'seven decisions',
      { version: 0, decisions: [...acceptAll, accept('frontIdCard')] },
      REVIEW_MESSAGES.reviewDecisionsRequired,
    ],
    [
      'decisions that are not a list',
      { version: 0, decisions: { frontIdCard: 'accepted' } },
      REVIEW_MESSAGES.reviewDecisionsRequired,
    ],
    ['no decisions at all', { version: 0 }, REVIEW_MESSAGES.reviewDecisionsRequired],
    ['no version', { decisions: acceptAll }, REVIEW_MESSAGES.reviewVersionInvalid],
    ['a version in text', { version: '0', decisions: acceptAll }, REVIEW_MESSAGES.reviewVersionInvalid],
    ['a decision that is not an object', { version: 0, decisions: ['frontIdCard'] }, MESSAGES.invalidInput],
    ['a list for a body', [{ version: 0, decisions: acceptAll }], MESSAGES.invalidInput],
  ])('refuses %s with 400 and its Arabic message, changing nothing', async (_, body, message) => {
    const before = await stateOf(commerce.id);
    const res = await save('SUPERADMIN', commerce.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(message));
    expect(await stateOf(commerce.id)).toEqual(before);
  });

  it.each<[string, unknown]>([
    ['a negative version', -1],
    ['a fractional version', 0.5],
  ])('refuses %s with 400 in Arabic, changing nothing', async (_, version) => {
    const before = await stateOf(commerce.id);
    const res = await save('SUPERADMIN', commerce.id, { version, decisions: acceptAll });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/[\u0600-\u06ff]/);
    expect(await stateOf(commerce.id)).toEqual(before);
  });

  it('refuses a body that is not JSON, and a note with a NUL character, changing nothing', async () => {
    const before = await stateOf(commerce.id);
    const staff = await staffWithRole(app, 'SUPERADMIN');
    const notJson = await injectAs(app, staff, {
      method: 'POST',
      url: url(commerce.id),
      headers: { 'content-type': 'application/json' },
      payload: '{"version": 0, "decisions": [',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual(error(MESSAGES.invalidJson));
    const nul = await save(staff, commerce.id, {
      version: 0,
      decisions: [rejected({ reason: 'other', note: 'a\u0000b' })],
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toMatch(/[\u0600-\u06ff]/);
    expect(await stateOf(commerce.id)).toEqual(before);
  });
});
