// Kept whole: one form's routes (PATCH and GET of the complete-data form, and its photos) case by case, on one
// app and one embedded database with their fixture images; another file would start another database.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  IMAGE_KINDS,
  type ImageKind,
  photoFileName,
  SERVER_IMAGE_MAX_BYTES,
  STEP_UP_MESSAGES,
} from '@portal/common';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { insertStudent, loginStudent, type StudentOverrides } from '../../../test/builders.js';
import {
  SOCIAL_WORK_FAMILY as FAMILY,
  COMPLETE_DATA_FIELDS as FIELDS,
} from '../../../test/complete-data-fields.js';
import { setDocumentReviews } from '../../../test/documents.js';
import { faultyStorage, storageFaults } from '../../../test/faulty-storage.js';
import { pngHeadedBytes, tinyJpeg, tinyPng } from '../../../test/images.js';
import { type FilePart, multipartBody } from '../../../test/multipart.js';
import { bothChannels, outboxRows } from '../../../test/outbox.js';
import { expectSamePicture } from '../../../test/same-picture.js';
import { passStepUp } from '../../../test/step-up.js';
import { createTestApp } from '../../../test/test-app.js';
import { filesUnder, uploadFolders } from '../../../test/uploads.js';
import { studentImages, students } from '../../db/schema/index.js';
import { SOCIAL_WORK_COLLEGE, TOURISM_COLLEGE } from '../../setup/seed/colleges.js';
import { localDiskStorage } from '../../storage/local-disk-storage.js';

const faults = storageFaults();

const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '10000' }, (dataDir) => ({
  storage: faultyStorage(localDiskStorage(path.join(dataDir, 'images')), faults),
}));
const { db } = database;
const { images: imagesDir, staging: stagingDir } = uploadFolders(app);

beforeEach(() => faults.reset());

const url = (id: string) => `/api/v1/students/completeStudentData/${id}`;
const photoUrl = (id: string, kind: string) => `/api/v1/students/photo/${id}/${kind}`;

const TOURISM_PROGRAMS = ['الدراسات السياحية', 'الدراسات الفندقية', 'الإرشاد السياحي'];

const PROGRAMS: Record<string, string> = {
  program1: TOURISM_PROGRAMS[0] ?? '',
  program2: TOURISM_PROGRAMS[1] ?? '',
  program3: TOURISM_PROGRAMS[2] ?? '',
};

/** One image per kind, each with different bytes; `jpegKinds` are sent as JPEG. */
function photos(kinds: readonly ImageKind[] = IMAGE_KINDS, shade = 0): FilePart[] {
  return kinds.map((kind, i) => ({
    filename: photoFileName(`صورة ${kind}.png`, kind),
    content: kind === 'personalPhoto' ? tinyJpeg(`${kind}-${shade}`) : tinyPng([10 * i, shade, 99]),
  }));
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function loggedIn(overrides: StudentOverrides = {}) {
  const student = await insertStudent(db, overrides);
  return { student, cookie: await loginStudent(app, student.nationalId) };
}

function submit(
  id: string,
  cookie: string | undefined,
  fields: Record<string, string> | readonly (readonly [string, string])[],
  files: readonly FilePart[] = [],
) {
  const body = multipartBody(fields, files);
  return app.inject({
    method: 'PATCH',
    url: url(id),
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });
}

const allAccepted = Object.fromEntries(IMAGE_KINDS.map((kind) => [kind, { state: 'accepted' } as const]));

const studentRow = async (id: string) => (await db.select().from(students).where(eq(students.id, id)))[0];
const imageRows = (id: string) => db.select().from(studentImages).where(eq(studentImages.studentId, id));

/** The refusal left no trace: the student is as inserted, no image rows, no new file, no staged upload. */
async function expectNothingStored(id: string, filesBefore: string[]) {
  const row = await studentRow(id);
  expect(row).toMatchObject({ isComplete: false, completedAt: null, studentNameEn: null, address: null });
  expect(await imageRows(id)).toEqual([]);
  expect(await filesUnder(imagesDir)).toEqual(filesBefore);
  expect(await filesUnder(stagingDir)).toEqual([]);
}

function expectError(res: { statusCode: number; json: () => unknown }, statusCode: number, message: string) {
  expect({ statusCode: res.statusCode, body: res.json() }).toEqual({
    statusCode,
    body: { status: 'error', message },
  });
}

async function completed(overrides: StudentOverrides = {}, fields = FIELDS) {
  const { student, cookie } = await loggedIn(overrides);
  const res = await submit(student.id, cookie, fields, photos());
  expect(res.statusCode).toBe(200);
  return { student, cookie };
}

describe('PATCH /students/completeStudentData/{id}: success', () => {
  it('stores the data and six images, marks the student complete and answers an Arabic message', async () => {
    const { student, cookie } = await loggedIn();
    const sent = photos();
    const before = Date.now();
    const res = await submit(student.id, cookie, FIELDS, sent);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: 'تم حفظ البيانات بنجاح' });

    const row = await studentRow(student.id);
    expect(row).toMatchObject({
      isComplete: true,
      studentNameEn: 'Ahmed Mohamed Ali',
      phoneNumber: '01012345678',
      homeTel: '0502212345',
      email: 'ahmed@example.com',
      qualificationYear: '2024/2025',
      totalGrade: '385.50',
      percentage: '93.75',
      masterName: 'محمد علي حسن',
      fatherQualification: 'بكالوريوس هندسة',
      city: null,
      program1: null,
    });
    expect(row?.completedAt?.getTime()).toBeGreaterThanOrEqual(before - 5_000);

    const rows = await imageRows(student.id);
    expect(rows.map((r) => r.kind).sort()).toEqual([...IMAGE_KINDS].sort());
    for (const part of sent) {
      const kind = part.filename.split('__').pop();
      const image = rows.find((r) => r.kind === kind);
      const stored = await readFile(path.join(imagesDir, image?.storageKey ?? ''));
      expect(image).toMatchObject({
        sha256: sha256(stored),
        sizeBytes: stored.length,
        contentType: kind === 'personalPhoto' ? 'image/jpeg' : 'image/png',
        reviewStatus: 'pending',
      });
      expect(image?.storageKey).toMatch(
        new RegExp(`^students/${student.id}/${kind}-[0-9a-f-]{36}\\.(png|jpg)$`),
      );
      await expectSamePicture(stored, part.content);
    }
    expect(await filesUnder(stagingDir)).toEqual([]);
    expect(await filesUnder(path.join(imagesDir, '.tmp'))).toEqual([]);
  });

  it('shows the completed data in getStudent', async () => {
    const { student } = await completed();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/students/getStudent',
      payload: { nationalID: student.nationalId },
    });
    const body = res.json();
    expect(body.studentData.isComplete).toBe(true);
    const lines = Object.fromEntries(
      body.result.map((l: { name: string; value: string }) => [l.name, l.value]),
    );
    expect(lines).toMatchObject({
      'حالة البيانات': 'مكتملة',
      'الاسم باللغة الإنجليزية': 'Ahmed Mohamed Ali',
      'البريد الإلكتروني': 'ahmed@example.com',
      'المجموع الكلي': '385.5',
      'سنة الحصول على المؤهل': '2024/2025',
      'اسم ولي الأمر': 'محمد علي حسن',
    });
  });

  it('normalises Arabic-Indic digits and stores them as ASCII', async () => {
    const { student, cookie } = await loggedIn({ college: SOCIAL_WORK_COLLEGE });
    const res = await submit(
      student.id,
      cookie,
      {
        ...FIELDS,
        ...FAMILY,
        phoneNumber: '٠١٠ ١٢٣٤ ٥٦٧٨',
        homeTel: '٠٥٠٢٢١٢٣٤٥',
        qualificationYear: '٢٠٢٤/٢٠٢٥',
        totalGrade: '٣٨٥٫٥',
        percentage: '۹۳.۷۵',
        brothersNum: '٣',
        brothersMaleNum: '٢',
        brothersFemaleNum: '١',
        brothersOrder: '٢',
        income: '٦٠٠٠',
        motherMobile: '٠١١١٢٣٤٥٦٧٨',
      },
      photos(),
    );
    expect(res.statusCode).toBe(200);
    expect(await studentRow(student.id)).toMatchObject({
      phoneNumber: '01012345678',
      homeTel: '0502212345',
      qualificationYear: '2024/2025',
      totalGrade: '385.50',
      percentage: '93.75',
      brothersNum: 3,
      brothersMaleNum: 2,
      brothersFemaleNum: 1,
      brothersOrder: 2,
      income: 6000,
      motherMobile: '01112345678',
    });
  });

  it('social work: stores the family data', async () => {
    const { student } = await completed({ college: SOCIAL_WORK_COLLEGE }, { ...FIELDS, ...FAMILY });
    expect(await studentRow(student.id)).toMatchObject({
      city: 'المنصورة',
      brothersNum: 3,
      income: 6000,
      motherName: 'فاطمة حسن',
      motherNationality: 'مصرية',
      motherJob: 'معلمة',
      motherMobile: '01112345678',
      fatherNationality: 'مصري',
      fatherMobile: '01212345678',
      program1: null,
    });
  });

  it('tourism: stores the three programs, and ignores family fields of other colleges', async () => {
    const { student } = await completed({ college: TOURISM_COLLEGE }, { ...FIELDS, ...PROGRAMS, ...FAMILY });
    expect(await studentRow(student.id)).toMatchObject({
      program1: TOURISM_PROGRAMS[0],
      program2: TOURISM_PROGRAMS[1],
      program3: TOURISM_PROGRAMS[2],
      city: null,
      motherName: null,
    });
  });

  it('accepts an image of exactly 2 MB', async () => {
    const { student, cookie } = await loggedIn();
    const files = photos();
    files[0] = { ...(files[0] as FilePart), content: pngHeadedBytes(SERVER_IMAGE_MAX_BYTES) };
    const res = await submit(student.id, cookie, FIELDS, files);
    expect(res.statusCode).toBe(200);
  });

  it('judges images by content: a JPEG declared as PNG is stored as JPEG', async () => {
    const { student, cookie } = await loggedIn();
    const files = photos();
    files[0] = { ...(files[0] as FilePart), content: tinyJpeg('front'), contentType: 'image/png' };
    expect((await submit(student.id, cookie, FIELDS, files)).statusCode).toBe(200);
    const front = (await imageRows(student.id)).find((r) => r.kind === 'frontIdCard');
    expect(front?.contentType).toBe('image/jpeg');
    expect(front?.storageKey).toMatch(/\.jpg$/);
  });
});

describe('PATCH /students/completeStudentData/{id}: editing', () => {
  it('accepts an edit without the images, keeping them and the first completion time', async () => {
    const { student, cookie } = await completed();
    const first = await studentRow(student.id);
    const imagesBefore = await imageRows(student.id);
    const filesBefore = await filesUnder(imagesDir);

    const res = await submit(student.id, cookie, { ...FIELDS, address: 'شارع الجمهورية، القاهرة' });
    expect(res.statusCode).toBe(200);
    const row = await studentRow(student.id);
    expect(row?.address).toBe('شارع الجمهورية، القاهرة');
    expect(row?.completedAt).toEqual(first?.completedAt);
    expect(row?.updatedAt.getTime()).toBeGreaterThanOrEqual(first?.updatedAt.getTime() ?? 0);
    expect(await imageRows(student.id)).toEqual(imagesBefore);
    expect(await filesUnder(imagesDir)).toEqual(filesBefore);
  });

  it('replaces a sent image: new key and file, old file removed, review reset, others untouched', async () => {
    const { student, cookie } = await completed();
    await setDocumentReviews(
      db,
      student.id,
      Object.fromEntries(
        IMAGE_KINDS.map((kind) => [kind, { state: 'rejected', reason: 'other', note: 'الصورة غير واضحة' }]),
      ),
    );
    const before = await imageRows(student.id);
    const oldPersonal = before.find((r) => r.kind === 'personalPhoto');
    const replacement = photos(['personalPhoto'], 77);

    const res = await submit(student.id, cookie, FIELDS, replacement);
    expect(res.statusCode).toBe(200);
    const after = await imageRows(student.id);
    const personal = after.find((r) => r.kind === 'personalPhoto');
    expect(personal?.storageKey).not.toBe(oldPersonal?.storageKey);
    const stored = await readFile(path.join(imagesDir, personal?.storageKey ?? ''));
    expect(personal).toMatchObject({
      sha256: sha256(stored),
      reviewStatus: 'pending',
      reviewReason: null,
      reviewNote: null,
      reviewedBy: null,
      reviewedByUserName: null,
      reviewedAt: null,
    });
    await expectSamePicture(stored, replacement[0]?.content ?? Buffer.alloc(0));
    await expect(readFile(path.join(imagesDir, oldPersonal?.storageKey ?? ''))).rejects.toThrow(/ENOENT/);
    for (const row of before.filter((r) => r.kind !== 'personalPhoto')) {
      expect(after.find((r) => r.kind === row.kind)).toEqual(row);
    }
    expect(await filesUnder(path.join(imagesDir, 'students', student.id))).toHaveLength(6);
  });

  it('a first completion puts the six documents in the review', async () => {
    const { student } = await completed();
    expect(await studentRow(student.id)).toMatchObject({
      documentsStatus: 'pending',
      documentsAwaiting: 6,
      reviewVersion: 1,
    });
  });

  it('an edit without images keeps the review as it was', async () => {
    const { student, cookie } = await completed();
    await setDocumentReviews(db, student.id, allAccepted);
    const before = await studentRow(student.id);
    expect(before?.documentsStatus).toBe('accepted');
    const res = await submit(student.id, cookie, { ...FIELDS, email: 'other@example.com' });
    expect(res.statusCode).toBe(200);
    expect(await studentRow(student.id)).toMatchObject({
      documentsStatus: 'accepted',
      documentsAwaiting: 0,
      reviewVersion: before?.reviewVersion,
    });
  });

  it('an accepted document replaced through the form awaits review again, the others keep theirs', async () => {
    const { student, cookie } = await completed();
    await setDocumentReviews(db, student.id, allAccepted);
    const before = await studentRow(student.id);
    const res = await submit(student.id, cookie, FIELDS, photos(['backIdCard'], 33));
    expect(res.statusCode).toBe(200);
    expect(await studentRow(student.id)).toMatchObject({
      documentsStatus: 'pending',
      documentsAwaiting: 1,
      reviewVersion: (before?.reviewVersion ?? 0) + 1,
    });
    const states = Object.fromEntries((await imageRows(student.id)).map((r) => [r.kind, r.reviewStatus]));
    expect(states).toEqual({
      ...Object.fromEntries(IMAGE_KINDS.map((k) => [k, 'accepted'])),
      backIdCard: 'pending',
    });
  });

  it('two simultaneous replacements leave one consistent image per kind and no orphan file', async () => {
    const { student, cookie } = await completed();
    const results = await Promise.all([
      submit(student.id, cookie, FIELDS, photos(['personalPhoto', 'frontIdCard'], 1)),
      submit(student.id, cookie, FIELDS, photos(['personalPhoto', 'frontIdCard'], 2)),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await imageRows(student.id);
    expect(rows).toHaveLength(6);
    const onDisk = await filesUnder(path.join(imagesDir, 'students', student.id));
    expect(onDisk.map((f) => `students/${student.id}/${f}`).sort()).toEqual(
      rows.map((r) => r.storageKey).sort(),
    );
  });
});

describe('PATCH /students/completeStudentData/{id}: the dataCompleted message (issue 17)', () => {
  const completedMessage = bothChannels('dataCompleted', 'dataCompleted');

  it('is queued on both channels by the first completion, and not by later edits', async () => {
    const { student, cookie } = await completed();
    expect(await outboxRows(db, student.id)).toEqual(completedMessage);
    const edit = await submit(
      student.id,
      cookie,
      { ...FIELDS, address: 'عنوان آخر' },
      photos(['frontIdCard'], 4),
    );
    expect(edit.statusCode).toBe(200);
    expect(await outboxRows(db, student.id)).toEqual(completedMessage);
  });

  it('is not queued by a refused submit', async () => {
    const { student, cookie } = await loggedIn();
    expect((await submit(student.id, cookie, FIELDS, photos(IMAGE_KINDS.slice(0, 5)))).statusCode).toBe(400);
    faults.failPut = 2;
    expect((await submit(student.id, cookie, FIELDS, photos())).statusCode).toBe(503);
    expect(await outboxRows(db, student.id)).toEqual([]);
  });

  it('is queued once when two first submits cross', async () => {
    const { student, cookie } = await loggedIn();
    const results = await Promise.all([
      submit(student.id, cookie, FIELDS, photos(IMAGE_KINDS, 1)),
      submit(student.id, cookie, FIELDS, photos(IMAGE_KINDS, 2)),
    ]);
    expect(results.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(await outboxRows(db, student.id)).toEqual(completedMessage);
  });
});

describe('PATCH /students/completeStudentData/{id}: the rules of spec section 5, in order', () => {
  const without = (fields: Record<string, string>, ...names: string[]) =>
    Object.fromEntries(Object.entries(fields).filter(([name]) => !names.includes(name)));

  it.each([
    ['1. English name required', {}, without(FIELDS, 'studentNameEn'), 'يجب إدخال الاسم باللغة الإنجليزية'],
    [
      '2. social work: family data required',
      { college: SOCIAL_WORK_COLLEGE },
      { ...FIELDS, ...without(FAMILY, 'motherNationality') },
      'يجب إدخال جنسية الأم',
    ],
    ['3. mobile required', {}, { ...FIELDS, phoneNumber: ' ' }, 'يجب إدخال رقم الموبايل'],
    [
      '4. tourism: three programs required',
      { college: TOURISM_COLLEGE },
      { ...FIELDS, ...without(PROGRAMS, 'program3') },
      'يجب اختيار البرنامج الثالث',
    ],
    [
      '5. qualification year required',
      {},
      { ...FIELDS, qualificationYear: '2024/' },
      'يجب إدخال سنتي الحصول على المؤهل',
    ],
    ['6. total grade not 0', {}, { ...FIELDS, totalGrade: '0' }, 'المجموع الكلي لا يمكن أن يكون صفرا'],
    ['7. father qualification required', {}, without(FIELDS, 'fatherQualification'), 'يجب إدخال مؤهل الأب'],
  ] as const)('%s: 400 with the Arabic message, nothing stored', async (_, overrides, fields, message) => {
    const { student, cookie } = await loggedIn(overrides);
    const filesBefore = await filesUnder(imagesDir);
    const res = await submit(student.id, cookie, fields, photos());
    expectError(res, 400, message);
    await expectNothingStored(student.id, filesBefore);
  });

  it('8. all six images required: five photos on a first completion are refused', async () => {
    const { student, cookie } = await loggedIn();
    const filesBefore = await filesUnder(imagesDir);
    const res = await submit(student.id, cookie, FIELDS, photos(IMAGE_KINDS.slice(0, 5)));
    expectError(res, 400, 'يجب رفع صورة بطاقة الترشيح');
    await expectNothingStored(student.id, filesBefore);
  });

  it('reports a broken field rule before missing images', async () => {
    const { student, cookie } = await loggedIn();
    const res = await submit(student.id, cookie, without(FIELDS, 'email'));
    expectError(res, 400, 'يجب إدخال البريد الإلكتروني');
  });

  it.each([
    ['percentage of 0', { percentage: '0.00' }, 'النسبة المئوية لا يمكن أن تكون صفرا'],
    [
      'text in the total grade',
      { totalGrade: 'ثلاثمائة' },
      'المجموع الكلي يجب أن يكون رقما موجبا بحد أقصى رقمين عشريين',
    ],
    [
      'text in the percentage',
      { percentage: 'abc' },
      'النسبة المئوية يجب أن تكون رقما أكبر من 0 ولا يزيد عن 100',
    ],
    ['text in the mobile', { phoneNumber: 'call me' }, 'رقم الموبايل يجب أن يتكون من 8 إلى 15 رقما'],
    ['a bad e-mail', { email: 'ahmed at example' }, 'البريد الإلكتروني غير صحيح'],
    [
      'an Arabic English name',
      { studentNameEn: 'أحمد' },
      'الاسم باللغة الإنجليزية يجب أن يكتب بحروف إنجليزية',
    ],
  ])('refuses %s with 400, nothing stored', async (_, change, message) => {
    const { student, cookie } = await loggedIn();
    const filesBefore = await filesUnder(imagesDir);
    expectError(await submit(student.id, cookie, { ...FIELDS, ...change }, photos()), 400, message);
    await expectNothingStored(student.id, filesBefore);
  });

  it('social work: refuses text in a sibling count', async () => {
    const { student, cookie } = await loggedIn({ college: SOCIAL_WORK_COLLEGE });
    const res = await submit(student.id, cookie, { ...FIELDS, ...FAMILY, brothersNum: 'three' }, photos());
    expectError(res, 400, 'عدد الإخوة يجب أن يكون رقما صحيحا');
  });

  it('tourism: refuses a program the college does not offer, or one chosen twice', async () => {
    const { student, cookie } = await loggedIn({ college: TOURISM_COLLEGE });
    const other = await submit(
      student.id,
      cookie,
      { ...FIELDS, ...PROGRAMS, program2: 'إدارة الضيافة الدولية' },
      photos(),
    );
    expectError(other, 400, 'البرنامج المختار غير متاح في هذه الكلية');
    const twice = await submit(
      student.id,
      cookie,
      { ...FIELDS, ...PROGRAMS, program3: PROGRAMS.program1 ?? '' },
      photos(),
    );
    expectError(twice, 400, 'لا يمكن اختيار البرنامج نفسه أكثر من مرة');
    expect((await studentRow(student.id))?.isComplete).toBe(false);
  });
});

describe('PATCH /students/completeStudentData/{id}: bad uploads', () => {
  it('refuses a text file renamed .png with 415, nothing stored', async () => {
    const { student, cookie } = await loggedIn();
    const filesBefore = await filesUnder(imagesDir);
    const files = photos();
    files[2] = {
      filename: photoFileName('notes.png', 'birthCertificate'),
      content: Buffer.from('these are my notes, not an image\n'),
      contentType: 'image/png',
    };
    expectError(
      await submit(student.id, cookie, FIELDS, files),
      415,
      'يجب أن يكون الملف صورة (png أو jpeg) وليس ملفا آخر',
    );
    await expectNothingStored(student.id, filesBefore);
  });

  it('refuses an empty file and a PDF declared as JPEG with 415', async () => {
    const { student, cookie } = await loggedIn();
    for (const content of [Buffer.alloc(0), Buffer.from('%PDF-1.7\n%âãÏÓ\n')]) {
      const files = photos();
      files[0] = { ...(files[0] as FilePart), content, contentType: 'image/jpeg' };
      expect((await submit(student.id, cookie, FIELDS, files)).statusCode).toBe(415);
    }
  });

  it('refuses a 30 MB image with 413, nothing stored', async () => {
    const { student, cookie } = await loggedIn();
    const filesBefore = await filesUnder(imagesDir);
    const files = photos();
    files[3] = { ...(files[3] as FilePart), content: pngHeadedBytes(30 * 1024 * 1024) };
    expectError(
      await submit(student.id, cookie, FIELDS, files),
      413,
      'حجم الصورة يجب ألا يزيد عن 2 ميجابايت',
    );
    await expectNothingStored(student.id, filesBefore);
  });

  it('refuses an image one byte over 2 MB with 413', async () => {
    const { student, cookie } = await loggedIn();
    const files = photos();
    files[0] = { ...(files[0] as FilePart), content: pngHeadedBytes(SERVER_IMAGE_MAX_BYTES + 1) };
    expect((await submit(student.id, cookie, FIELDS, files)).statusCode).toBe(413);
  });

  it('refuses seven photos with 400, nothing stored', async () => {
    const { student, cookie } = await loggedIn();
    const filesBefore = await filesUnder(imagesDir);
    const res = await submit(student.id, cookie, FIELDS, [...photos(), ...photos(['personalPhoto'], 5)]);
    expectError(res, 400, 'لا يمكن إرسال أكثر من ست صور');
    await expectNothingStored(student.id, filesBefore);
  });

  it('refuses six photos with a repeated kind with 400, nothing stored', async () => {
    const { student, cookie } = await loggedIn();
    const filesBefore = await filesUnder(imagesDir);
    const files = [...photos(IMAGE_KINDS.slice(0, 5)), ...photos(['frontIdCard'], 9)];
    expectError(await submit(student.id, cookie, FIELDS, files), 400, 'تم إرسال أكثر من صورة من النوع نفسه');
    await expectNothingStored(student.id, filesBefore);
  });

  it.each([
    ['an unknown kind', 'scan.png__passport'],
    ['no kind at all', 'scan.png'],
    ['a kind in another case', 'scan.png__FrontIdCard'],
  ])('refuses a photo with %s with 400, nothing stored', async (_, filename) => {
    const { student, cookie } = await loggedIn();
    const filesBefore = await filesUnder(imagesDir);
    const files = [...photos(IMAGE_KINDS.slice(0, 5)), { filename, content: tinyPng() }];
    expectError(await submit(student.id, cookie, FIELDS, files), 400, 'نوع الصورة المرسلة غير معروف');
    await expectNothingStored(student.id, filesBefore);
  });

  it("refuses a file outside the 'photos' field and a repeated text field with 400", async () => {
    const { student, cookie } = await loggedIn();
    const wrongField = [
      ...photos(IMAGE_KINDS.slice(0, 5)),
      { field: 'image', ...(photos(['nominationCard'])[0] as FilePart) },
    ];
    expectError(await submit(student.id, cookie, FIELDS, wrongField), 400, 'يجب إرسال الصور في الحقل photos');
    const repeated = [...Object.entries(FIELDS), ['email', 'other@example.com'] as const];
    expectError(await submit(student.id, cookie, repeated, photos()), 400, 'تم إرسال أحد الحقول أكثر من مرة');
  });

  it('refuses a field value over the wire limit with 400 naming the field', async () => {
    const { student, cookie } = await loggedIn();
    const res = await submit(student.id, cookie, { ...FIELDS, address: 'ش'.repeat(3000) }, photos());
    expectError(res, 400, 'العنوان أطول من المسموح');
  });

  it('refuses a form with too many fields with 413', async () => {
    const { student, cookie } = await loggedIn();
    const extra = Array.from({ length: 30 }, (_, i) => [`extra${i}`, 'x'] as const);
    const res = await submit(student.id, cookie, [...Object.entries(FIELDS), ...extra], photos());
    expectError(res, 413, 'عدد الحقول المرسلة أو حجمها أكبر من المسموح');
  });

  it('refuses a body that is not multipart with 415', async () => {
    const { student, cookie } = await loggedIn();
    const res = await app.inject({
      method: 'PATCH',
      url: url(student.id),
      headers: { cookie },
      payload: FIELDS,
    });
    expectError(res, 415, 'يجب إرسال البيانات والصور في صورة نموذج (multipart/form-data)');
  });

  it('refuses a truncated multipart body with 400, nothing stored', async () => {
    const { student, cookie } = await loggedIn();
    const filesBefore = await filesUnder(imagesDir);
    const body = multipartBody(FIELDS, photos());
    const res = await app.inject({
      method: 'PATCH',
      url: url(student.id),
      headers: { ...body.headers, cookie },
      payload: body.payload.subarray(0, body.payload.length - 300),
    });
    expectError(res, 400, 'البيانات المرسلة غير صحيحة');
    await expectNothingStored(student.id, filesBefore);
  });
});

describe('PATCH /students/completeStudentData/{id}: access', () => {
  it('answers 401 without the session cookie, before reading the body', async () => {
    const { student } = await loggedIn();
    const filesBefore = await filesUnder(imagesDir);
    expectError(
      await submit(student.id, undefined, FIELDS, photos()),
      401,
      'انتهت الجلسة، سجل الدخول مرة أخرى بالرقم القومي',
    );
    await expectNothingStored(student.id, filesBefore);
  });

  it("answers 403 for another student's id, nothing stored for either", async () => {
    const { cookie } = await loggedIn();
    const other = await insertStudent(db);
    const filesBefore = await filesUnder(imagesDir);
    expectError(await submit(other.id, cookie, FIELDS, photos()), 403, 'غير مسموح لك بالقيام بهذا الإجراء');
    await expectNothingStored(other.id, filesBefore);
  });

  it('answers 400 for an id that is not a UUID', async () => {
    const { cookie } = await loggedIn();
    expectError(await submit('123', cookie, FIELDS), 400, 'رقم الطالب غير صحيح');
  });

  it('answers 404 when the student record was deleted after login', async () => {
    const { student, cookie } = await loggedIn();
    await db.delete(students).where(eq(students.id, student.id));
    expectError(
      await submit(student.id, cookie, FIELDS, photos()),
      404,
      'بيانات الطالب غير موجودة، راجع شؤون الطلاب بكليتك',
    );
  });
});

describe('PATCH /students/completeStudentData/{id}: all or nothing', () => {
  it('a storage failure on the 4th image answers 503 in Arabic and leaves no row and no file', async () => {
    const { student, cookie } = await loggedIn();
    const filesBefore = await filesUnder(imagesDir);
    faults.failPut = 4;
    const res = await submit(student.id, cookie, FIELDS, photos());
    expectError(res, 503, 'تعذر حفظ الصور حاليا، حاول مرة أخرى بعد قليل');
    expect(faults.puts).toBe(4);
    await expectNothingStored(student.id, filesBefore);
  });

  it('a storage failure while replacing images keeps the stored data, rows and files', async () => {
    const { student, cookie } = await completed();
    const rowBefore = await studentRow(student.id);
    const imagesBefore = await imageRows(student.id);
    const filesBefore = await filesUnder(imagesDir);
    faults.reset();
    faults.failPut = 4;
    const res = await submit(
      student.id,
      cookie,
      { ...FIELDS, address: 'عنوان جديد' },
      photos(IMAGE_KINDS, 50),
    );
    expectError(res, 503, 'تعذر حفظ الصور حاليا، حاول مرة أخرى بعد قليل');
    expect(faults.puts).toBe(4);
    expect(await studentRow(student.id)).toEqual(rowBefore);
    expect(await imageRows(student.id)).toEqual(imagesBefore);
    expect(await filesUnder(imagesDir)).toEqual(filesBefore);
    expect(await filesUnder(stagingDir)).toEqual([]);
  });

  it('a database failure after the images were put removes them again', async () => {
    const { student, cookie } = await loggedIn();
    const filesBefore = await filesUnder(imagesDir);
    // The student is deleted just before the last image is put, so the transaction finds no row.
    faults.beforePut = async () => {
      if (faults.puts === 6) await db.delete(students).where(eq(students.id, student.id));
    };
    const res = await submit(student.id, cookie, FIELDS, photos());
    expect(res.statusCode).toBe(404);
    expect(await filesUnder(imagesDir)).toEqual(filesBefore);
    expect(await filesUnder(stagingDir)).toEqual([]);
  });
});

describe('GET /students/completeStudentData/{id}', () => {
  it('answers the imported defaults before completion and the stored values and images after', async () => {
    const { student, cookie } = await loggedIn({
      phoneNumber: '01099999999',
      importedTotalGrade: '300.00',
      importedPercentage: '73.17',
    });
    const get = () => app.inject({ method: 'GET', url: url(student.id), headers: { cookie } });
    const before = (await get()).json();
    expect(before.data).toMatchObject({
      isComplete: false,
      photos: [],
      values: { phoneNumber: '01099999999', totalGrade: '300', percentage: '73.17', studentNameEn: '' },
    });

    expect((await submit(student.id, cookie, FIELDS, photos())).statusCode).toBe(200);
    const after = (await get()).json();
    expect(after.status).toBe('success');
    expect(after.data.isComplete).toBe(true);
    expect(after.data.values).toMatchObject({ ...FIELDS, totalGrade: '385.5', city: '', program1: '' });
    expect(after.data.photos.map((p: { kind: string }) => p.kind).sort()).toEqual([...IMAGE_KINDS].sort());
    expect(after.data.photos[0]).toEqual({
      kind: expect.any(String),
      contentType: expect.stringMatching(/^image\/(png|jpeg)$/),
      sizeBytes: expect.any(Number),
      reviewStatus: 'pending',
      reviewNote: null,
      uploadedAt: expect.any(String),
    });
  });

  it('answers 401 without a session and 403 for another student', async () => {
    const { cookie } = await loggedIn();
    const other = await insertStudent(db);
    expect((await app.inject({ method: 'GET', url: url(other.id) })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: url(other.id), headers: { cookie } })).statusCode).toBe(
      403,
    );
  });
});

describe('GET /students/photo/{id}/{kind}', () => {
  it('answers 403 on every kind until a step-up passed on the session (issue 33), the images after', async () => {
    const { student, cookie } = await loggedIn();
    expect((await submit(student.id, cookie, FIELDS, photos())).statusCode).toBe(200);
    const read = (kind: ImageKind) =>
      app.inject({ method: 'GET', url: photoUrl(student.id, kind), headers: { cookie } });
    for (const kind of IMAGE_KINDS) {
      const res = await read(kind);
      expectError(res, 403, STEP_UP_MESSAGES.required);
      expect(res.headers['content-type']).not.toMatch(/^image\//);
    }
    await passStepUp(app, cookie, student.id);
    for (const kind of IMAGE_KINDS) {
      const res = await read(kind);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/(png|jpeg)$/);
    }
  });

  it('serves a stored image to its student with its type, and 304 when unchanged', async () => {
    const { student, cookie } = await loggedIn();
    const sent = photos();
    expect((await submit(student.id, cookie, FIELDS, sent)).statusCode).toBe(200);
    await passStepUp(app, cookie, student.id);
    const res = await app.inject({
      method: 'GET',
      url: photoUrl(student.id, 'personalPhoto'),
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const stored = (await imageRows(student.id)).find((r) => r.kind === 'personalPhoto');
    expect(sha256(res.rawPayload)).toBe(stored?.sha256);
    await expectSamePicture(
      res.rawPayload,
      sent.find((p) => p.filename.endsWith('__personalPhoto'))?.content ?? Buffer.alloc(0),
    );

    const again = await app.inject({
      method: 'GET',
      url: photoUrl(student.id, 'personalPhoto'),
      headers: { cookie, 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers 401, 403, 400 for an unknown kind and 404 for a kind not stored', async () => {
    const { student, cookie } = await loggedIn();
    await passStepUp(app, cookie, student.id);
    const other = await insertStudent(db);
    expect((await app.inject({ method: 'GET', url: photoUrl(student.id, 'frontIdCard') })).statusCode).toBe(
      401,
    );
    const forbidden = await app.inject({
      method: 'GET',
      url: photoUrl(other.id, 'frontIdCard'),
      headers: { cookie },
    });
    expectError(forbidden, 403, 'غير مسموح لك بالقيام بهذا الإجراء');
    const unknown = await app.inject({
      method: 'GET',
      url: photoUrl(student.id, 'passport'),
      headers: { cookie },
    });
    expectError(unknown, 400, 'نوع الصورة المرسلة غير معروف');
    const missing = await app.inject({
      method: 'GET',
      url: photoUrl(student.id, 'frontIdCard'),
      headers: { cookie },
    });
    expectError(missing, 404, 'الصورة غير موجودة');
  });
});

describe('over a real connection', () => {
  it('takes a browser-style FormData submit, and answers a 30 MB image with 413 without hanging', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { student, cookie } = await loggedIn();
    const form = (files: FilePart[]) => {
      const data = new FormData();
      for (const [name, value] of Object.entries(FIELDS)) data.append(name, value);
      for (const file of files) data.append('photos', new Blob([file.content]), file.filename);
      return data;
    };
    const patch = (files: FilePart[]) =>
      fetch(`${address}${url(student.id)}`, { method: 'PATCH', headers: { cookie }, body: form(files) });

    const big = photos();
    big[0] = { ...(big[0] as FilePart), content: pngHeadedBytes(30 * 1024 * 1024) };
    const tooLarge = await patch(big);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({
      status: 'error',
      message: 'حجم الصورة يجب ألا يزيد عن 2 ميجابايت',
    });

    const ok = await patch(photos());
    expect(ok.status).toBe(200);
    expect((await studentRow(student.id))?.isComplete).toBe(true);
  });
});
