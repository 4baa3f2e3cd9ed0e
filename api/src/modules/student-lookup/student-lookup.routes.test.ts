import { IMAGE_KIND_LABELS, IMAGE_KINDS, REFUSAL_REASON_LABELS } from '@portal/common';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertStudent } from '../../../test/builders.js';
import { insertCollege } from '../../../test/colleges.js';
import { allDocuments, insertDocuments, setDocumentReviews } from '../../../test/documents.js';
import { createTestApp } from '../../../test/test-app.js';
import { appointments, studentImages } from '../../db/schema/index.js';
import { decodeStudentSession, STUDENT_SESSION_COOKIE } from '../student-session/index.js';

const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '10000' });
const url = '/api/v1/students/getStudent';

function lookup(payload?: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers,
  });
}

const toArabicIndic = (digits: string) =>
  digits.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

describe('POST /students/getStudent', () => {
  it('answers the student with Arabic result lines and studentData, and opens a session', async () => {
    const student = await insertStudent(database.db, {
      name: 'أحمد محمد علي',
      seatNo: '123456',
      enrollmentStatus: 'affiliated',
    });
    const res = await lookup({ nationalID: student.nationalId });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body._id).toBe(student.id);
    expect(body.result).toEqual([
      { name: 'الاسم', value: 'أحمد محمد علي' },
      { name: 'الرقم القومي', value: student.nationalId },
      { name: 'رقم الجلوس', value: '123456' },
      { name: 'الكلية', value: 'كلية التجارة' },
      { name: 'حالة القيد', value: 'منتسب' },
      { name: 'حالة البيانات', value: 'غير مكتملة' },
    ]);
    expect(body.studentData).toEqual({
      isPassed: false,
      isCompletedAdditionalQuestions: false,
      isComplete: false,
      college: 'كلية التجارة',
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
      progress: [
        { step: 'charter', state: 'current' },
        { step: 'questionnaire', state: 'todo' },
        { step: 'data', state: 'todo' },
        { step: 'documents', state: 'todo' },
        { step: 'forms', state: 'todo' },
      ],
    });

    const cookie = res.cookies.find((c) => c.name === STUDENT_SESSION_COOKIE);
    expect(cookie).toBeDefined();
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    expect(cookie?.maxAge).toBe(86400);
    const unsigned = app.unsignCookie(decodeURIComponent(cookie?.value ?? ''));
    expect(unsigned.valid).toBe(true);
    const session = decodeStudentSession(unsigned.value ?? '');
    expect(session?.studentId).toBe(student.id);
    expect(session?.expiresAt).toBeGreaterThan(Date.now() + 86_000_000);
  });

  it('lists the completed data and the appointment of a complete social-work student', async () => {
    const student = await insertStudent(database.db, {
      college: 'كلية الخدمة الاجتماعية',
      isComplete: true,
      isPassed: true,
      isCompletedAdditionalQuestions: true,
      studentNameEn: 'Ahmed Mohamed Ali',
      phoneNumber: '01012345678',
      address: 'شارع النيل، المنصورة',
      email: 'ahmed@example.com',
      qualification: 'الثانوية العامة',
      qualificationYear: '2025/2026',
      totalGrade: '385.50',
      percentage: '93.75',
      masterName: 'محمد علي',
      masterJob: 'مهندس',
      masterQualification: 'بكالوريوس',
      fatherName: 'محمد علي',
      motherName: 'فاطمة حسن',
      brothersNum: 3,
    });
    await database.db
      .insert(appointments)
      .values({ studentId: student.id, appointedDay: '2026-08-15', appointedHour: 9 });
    const res = await lookup({ nationalID: student.nationalId });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.studentData).toEqual({
      isPassed: true,
      isCompletedAdditionalQuestions: true,
      isComplete: true,
      college: 'كلية الخدمة الاجتماعية',
      socialWork: true,
      tourism: false,
      appointed: true,
      appointedDay: '2026-08-15',
      appointedHour: 9,
      documentsStatus: 'none',
      documents: [],
      appointmentPlace: null,
      interviewDecision: null,
      formsDownloaded: false,
      dataDeadline: null,
      progress: [
        { step: 'charter', state: 'done' },
        { step: 'questionnaire', state: 'done' },
        { step: 'data', state: 'done' },
        { step: 'documents', state: 'current' },
        { step: 'interview', state: 'done' },
        { step: 'forms', state: 'todo' },
      ],
    });
    const lines = Object.fromEntries(
      body.result.map((l: { name: string; value: string }) => [l.name, l.value]),
    );
    expect(lines).toMatchObject({
      'حالة البيانات': 'مكتملة',
      'حالة القيد': 'منتظم',
      'الاسم باللغة الإنجليزية': 'Ahmed Mohamed Ali',
      'رقم الموبايل': '01012345678',
      'البريد الإلكتروني': 'ahmed@example.com',
      'المجموع الكلي': '385.5',
      'النسبة المئوية': '93.75',
      'اسم ولي الأمر': 'محمد علي',
      'اسم الأم': 'فاطمة حسن',
      'عدد الإخوة': '3',
      'موعد الاختبار الشخصي': '15/08/2026 - الفترة الصباحية (9:00)',
    });
    expect(lines).not.toHaveProperty('البرنامج الأول');
  });

  it.each([
    ['كلية السياحة والفنادق', { socialWork: false, tourism: true }],
    ['كلية الخدمة الاجتماعية', { socialWork: true, tourism: false }],
    ['كلية التجارة', { socialWork: false, tourism: false }],
  ])('tells the college flags of %s, so the form knows which sections to ask', async (college, flags) => {
    const student = await insertStudent(database.db, { college });
    const res = await lookup({ nationalID: student.nationalId });
    expect(res.json().studentData).toMatchObject({ college, ...flags });
  });

  it('tells an evening appointment with its day and start hour', async () => {
    const student = await insertStudent(database.db, { college: 'كلية الخدمة الاجتماعية', isComplete: true });
    await database.db
      .insert(appointments)
      .values({ studentId: student.id, appointedDay: '2026-09-01', appointedHour: 12 });
    const res = await lookup({ nationalID: student.nationalId });
    expect(res.json().studentData).toMatchObject({
      appointed: true,
      appointedDay: '2026-09-01',
      appointedHour: 12,
    });
  });

  it("tells each document's review in the form's order, a refusal's reason in Arabic and its note", async () => {
    const student = await insertStudent(database.db);
    await insertDocuments(database.db, student.id, {
      reviews: {
        personalPhoto: { state: 'rejected', reason: 'other', note: 'الخلفية يجب أن تكون بيضاء' },
        frontIdCard: { state: 'accepted' },
        birthCertificate: { state: 'rejected', reason: 'unreadable' },
      },
    });
    const res = await lookup({ nationalID: student.nationalId });
    expect(res.statusCode).toBe(200);
    const { studentData } = res.json();
    expect(studentData.documentsStatus).toBe('needsReupload');
    expect(studentData.documents).toEqual([
      { kind: 'frontIdCard', state: 'accepted', reason: null, note: null },
      { kind: 'backIdCard', state: 'pending', reason: null, note: null },
      {
        kind: 'birthCertificate',
        state: 'rejected',
        reason: REFUSAL_REASON_LABELS.unreadable,
        note: null,
      },
      {
        kind: 'personalPhoto',
        state: 'rejected',
        reason: 'سبب آخر',
        note: 'الخلفية يجب أن تكون بيضاء',
      },
      { kind: 'secondarySchoolCertificate', state: 'pending', reason: null, note: null },
      { kind: 'nominationCard', state: 'pending', reason: null, note: null },
    ]);
    expect(studentData.documents.map((d: { kind: string }) => d.kind)).toEqual([...IMAGE_KINDS]);
  });

  it('follows the documents status as the review goes: pending, then accepted', async () => {
    const student = await insertStudent(database.db);
    await insertDocuments(database.db, student.id, { reviews: { frontIdCard: { state: 'accepted' } } });
    const pending = (await lookup({ nationalID: student.nationalId })).json().studentData;
    expect(pending.documentsStatus).toBe('pending');
    await setDocumentReviews(
      database.db,
      student.id,
      Object.fromEntries(IMAGE_KINDS.map((kind) => [kind, { state: 'accepted' }])),
    );
    const accepted = (await lookup({ nationalID: student.nationalId })).json().studentData;
    expect(accepted.documentsStatus).toBe('accepted');
    expect(accepted.documents.every((d: { state: string }) => d.state === 'accepted')).toBe(true);
  });

  it('never shows a note left on a document that is not refused, and shows a hostile note as text', async () => {
    const student = await insertStudent(database.db);
    const hostile = '<script>alert(1)</script> #set page(fill: red)';
    await insertDocuments(database.db, student.id, {
      reviews: {
        backIdCard: { state: 'rejected', reason: 'other', note: hostile },
      },
    });
    // A stale note on an accepted document (no review save writes one; the answer must not show it anyway).
    await database.db
      .update(studentImages)
      .set({ reviewStatus: 'accepted', reviewReason: 'cropped', reviewNote: 'ملاحظة داخلية' })
      .where(and(eq(studentImages.studentId, student.id), eq(studentImages.kind, 'frontIdCard')));
    const res = await lookup({ nationalID: student.nationalId });
    const documents: { kind: string; reason: string | null; note: string | null }[] =
      res.json().studentData.documents;
    expect(documents.find((d) => d.kind === 'frontIdCard')).toMatchObject({ reason: null, note: null });
    expect(documents.find((d) => d.kind === 'backIdCard')?.note).toBe(hostile);
    expect(res.body).not.toContain('ملاحظة داخلية');
  });

  it("blocks the tracker's documents step on a refused document, naming it and the reason", async () => {
    const student = await insertStudent(database.db, {
      isPassed: true,
      isCompletedAdditionalQuestions: true,
    });
    await insertDocuments(database.db, student.id, {
      reviews: {
        ...allDocuments({ state: 'accepted' }),
        backIdCard: { state: 'rejected', reason: 'cropped' },
      },
    });
    const { studentData } = (await lookup({ nationalID: student.nationalId })).json();
    expect(studentData.progress).toEqual([
      { step: 'charter', state: 'done' },
      { step: 'questionnaire', state: 'done' },
      { step: 'data', state: 'done' },
      {
        step: 'documents',
        state: 'blocked',
        detail: `مطلوب إعادة رفع: ${IMAGE_KIND_LABELS.backIdCard} (${REFUSAL_REASON_LABELS.cropped})`,
      },
      { step: 'forms', state: 'todo' },
    ]);
  });

  it("carries the college's deadline and whether the forms were downloaded, the last step then done", async () => {
    const college = await insertCollege(database.db, { dataDeadline: new Date('2026-12-01T21:59:00Z') });
    const student = await insertStudent(database.db, {
      college: college.name,
      isPassed: true,
      isCompletedAdditionalQuestions: true,
      formsDownloadedAt: new Date(),
    });
    await insertDocuments(database.db, student.id, { reviews: allDocuments({ state: 'accepted' }) });
    const { studentData } = (await lookup({ nationalID: student.nationalId })).json();
    expect(studentData).toMatchObject({
      formsDownloaded: true,
      dataDeadline: '2026-12-01T21:59:00.000Z',
      documentsStatus: 'accepted',
    });
    expect(studentData.progress.map((entry: { state: string }) => entry.state)).toEqual([
      'done',
      'done',
      'done',
      'done',
      'done',
    ]);
  });

  it('accepts Arabic-Indic digits and spaces in the national ID', async () => {
    const student = await insertStudent(database.db);
    const typed = ` ${toArabicIndic(student.nationalId.slice(0, 7))} ${toArabicIndic(student.nationalId.slice(7))} `;
    const res = await lookup({ nationalID: typed });
    expect(res.statusCode).toBe(200);
    expect(res.json()._id).toBe(student.id);
  });

  it('answers 404 with an Arabic hint for an unknown national ID, without a session', async () => {
    const res = await lookup({ nationalID: '29912319999999' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      status: 'error',
      message: 'الرقم القومي غير مسجل، راجع شؤون الطلاب بكليتك',
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    ['an empty national ID', { nationalID: '' }, 'يجب ادخال الرقم القومي'],
    ['a blank national ID', { nationalID: '   ' }, 'يجب ادخال الرقم القومي'],
    ['a missing national ID', {}, 'يجب ادخال الرقم القومي'],
    ['a number', { nationalID: 30801010100011 }, 'يجب ادخال الرقم القومي'],
    ['an array', { nationalID: ['30801010100011'] }, 'يجب ادخال الرقم القومي'],
    ['a body that is an array', [{ nationalID: '30801010100011' }], 'البيانات المرسلة غير صحيحة'],
    ['an over-long national ID', { nationalID: '1'.repeat(40) }, 'الرقم القومي غير صحيح'],
  ])('refuses %s with 400 and an Arabic message', async (_, payload, message) => {
    const res = await lookup(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message });
  });

  it('refuses a missing body with 400 and an Arabic message', async () => {
    const res = await lookup();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: 'البيانات المرسلة غير صحيحة' });
  });

  it('is documented in the OpenAPI document with the other student routes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = res.json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/students/getStudent',
        '/api/v1/students/question/{id}',
        '/api/v1/additionalQuestions',
        '/api/v1/additionalQuestions/submit/{nationalID}',
      ]),
    );
    const getStudent = paths['/api/v1/students/getStudent'].post;
    expect(getStudent.requestBody.content['application/json'].schema.properties).toHaveProperty('nationalID');
    expect(Object.keys(getStudent.responses)).toEqual(expect.arrayContaining(['200', '400', '404', '429']));
  });
});
