// Kept whole: the three forms' downloads (student, staff, signed links, verification page) on one app and one
// embedded database with the students they print; another file would start another database.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { MESSAGES, type StaffRole } from '@portal/common';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bearer, insertStaff, type TestStaff, tokenFor } from '../../../test/auth-helpers.js';
import { insertStudent, loginStudent, type StudentOverrides } from '../../../test/builders.js';
import { insertDocuments } from '../../../test/documents.js';
import { tinyJpeg, tinyPng } from '../../../test/images.js';
import { pdfPageCount, pdfText, printsLiterally } from '../../../test/pdf-text.js';
import { createTestApp, TEST_SECRET } from '../../../test/test-app.js';
import { appointments, auditLog, studentImages, students } from '../../db/schema/index.js';
import { createLinkSigner } from '../../lib/signed-link.js';
import { SOCIAL_WORK_COLLEGE, TOURISM_COLLEGE } from '../../setup/seed/colleges.js';
import { FORM_KINDS, FORMS, type FormKind } from './form-kinds.js';
import { expectedModules, svgModules } from './testing/qr-matrix.js';
import { createFormVerifier } from './verification-token.js';

const { app, database } = await createTestApp({
  STUDENT_LOOKUP_RATE_LIMIT: '10000',
  UNIVERSITY_NAME: 'جامعة المنصورة الأهلية',
  UNIVERSITY_TIMEZONE: 'Africa/Cairo',
});
const { db } = database;
const verifier = createFormVerifier(TEST_SECRET);

afterEach(() => {
  vi.restoreAllMocks();
});

const formUrl = (kind: FormKind, studentId: string) => `/api/v1/students/${FORMS[kind].call}/${studentId}`;

/** The complete data of a student, as the complete-data form stores it. */
const COMPLETE: StudentOverrides = {
  name: 'محمد أحمد عبد الرحمن السيد',
  studentNameEn: 'Mohamed Ahmed Elsayed',
  phoneNumber: '01012345678',
  homeTel: '0502234567',
  email: 'mohamed.ahmed@example.com',
  address: '15 شارع الجمهورية، المنصورة',
  qualification: 'ثانوية عامة',
  qualificationYear: '2024/2025',
  totalGrade: '385.50',
  percentage: '93.90',
  masterName: 'أحمد عبد الرحمن السيد',
  masterJob: 'مدرس',
  masterQualification: 'بكالوريوس تربية',
  fatherName: 'أحمد عبد الرحمن السيد',
  fatherJob: 'مدرس',
  fatherQualification: 'بكالوريوس تربية',
  isComplete: true,
  completedAt: new Date(),
};

const SOCIAL: StudentOverrides = {
  ...COMPLETE,
  college: SOCIAL_WORK_COLLEGE,
  city: 'المنصورة',
  brothersNum: 4,
  brothersMaleNum: 2,
  brothersFemaleNum: 2,
  brothersOrder: 3,
  income: 6500,
  motherName: 'فاطمة محمود حسن',
  motherNationality: 'مصرية',
  motherJob: 'ربة منزل',
  motherMobile: '01123456789',
  fatherNationality: 'مصري',
  fatherMobile: '01098765432',
};

const TOURISM: StudentOverrides = {
  ...COMPLETE,
  name: 'سارة محمود عبد العزيز حسن',
  studentNameEn: 'Sara Mahmoud Hassan',
  college: TOURISM_COLLEGE,
  program1: 'الدراسات السياحية',
  program2: 'الدراسات الفندقية',
  program3: 'الإرشاد السياحي',
};

/** A student with a stored personal photo (a real PNG in the app's storage, and its row). */
async function withPhoto<T extends { id: string }>(student: T, size = 60): Promise<T> {
  return withStoredPhoto(student, tinyPng([40, 90, 140], size), 'image/png');
}

async function withStoredPhoto<T extends { id: string }>(student: T, bytes: Buffer, contentType: string) {
  const key = `students/${student.id}/personalPhoto-${randomUUID()}`;
  await app.storage.put(key, bytes);
  await db.insert(studentImages).values({
    studentId: student.id,
    kind: 'personalPhoto',
    storageKey: key,
    contentType,
    sizeBytes: bytes.length,
    sha256: 'x'.repeat(64),
  });
  return student;
}

async function download(kind: FormKind, studentId: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url: formUrl(kind, studentId), headers });
}

/** The raster images of the PDF as 'width×height' (the photo; the QR code and the logo are vectors). */
function rasterImages(pdf: Buffer): string[] {
  const list = execFileSync('pdfimages', ['-list', '-'], { input: pdf, stdio: ['pipe', 'pipe', 'ignore'] });
  return list
    .toString('utf8')
    .split('\n')
    .map((line) => /^\s*\d+\s+\d+\s+image\s+(\d+)\s+(\d+)/.exec(line))
    .filter((match) => match !== null)
    .map((match) => `${match[1]}×${match[2]}`);
}

function expectPdf(res: Awaited<ReturnType<typeof download>>, asciiName: string) {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(res.headers['content-disposition']).toContain(`filename="${asciiName}`);
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  return res.rawPayload;
}

describe('a complete social-work student downloads the three forms', async () => {
  const student = await withPhoto(await insertStudent(db, SOCIAL));
  await db
    .insert(appointments)
    .values({ studentId: student.id, appointedDay: '2026-07-14', appointedHour: 9 });
  const cookie = await loginStudent(app, student.nationalId);

  it.each(FORM_KINDS)('%s: a one-page Arabic PDF of the stored data with the photo', async (kind) => {
    const pdf = expectPdf(await download(kind, student.id, { cookie }), FORMS[kind].asciiName);
    expect(pdfPageCount(pdf)).toBe(1);
    const text = pdfText(pdf);
    // pdftotext splits the lam-alef ligature, so words without it are checked.
    for (const word of ['محمد', 'أحمد', 'الرحمن', 'السيد']) expect(text).toContain(word);
    expect(text).toContain(student.nationalId);
    expect(text).toContain('الخدمة');
    expect(text).toContain('المنصورة');
    expect(text).toContain('01012345678');
    expect(rasterImages(pdf)).toEqual(['60×60']);
  });

  it('admission: contact, qualification, guardian, father and mother data, in Latin where written so', async () => {
    const text = pdfText(expectPdf(await download('admission', student.id, { cookie }), 'admission-form'));
    for (const value of [
      'Mohamed Ahmed Elsayed',
      'mohamed.ahmed@example.com',
      '0502234567',
      '385.5',
      '93.9%',
    ])
      expect(text).toContain(value);
    for (const value of ['2024/2025', 'فاطمة', 'ربة منزل', '01123456789', '01098765432', 'بكالوريوس'])
      expect(text).toContain(value);
    expect(text).toContain('توقيع الطالب');
  });

  it('acquaintance: the family data', async () => {
    const text = pdfText(
      expectPdf(await download('acquaintance', student.id, { cookie }), 'acquaintance-form'),
    );
    for (const value of ['الذكور', '6500', 'جنيه', 'مصرية', 'مصري', '01123456789', '01098765432', 'الهوايات'])
      expect(text).toContain(value);
  });

  it('final personal test: the appointment, the criteria and the committee', async () => {
    const pdf = expectPdf(
      await download('finalPersonalTest', student.id, { cookie }),
      'final-personal-test-form',
    );
    const text = pdfText(pdf);
    for (const value of ['14/07/2026', 'الصباحية', '9:00', 'عنصر التقييم', '100', 'رئيس اللجنة'])
      expect(text).toContain(value);
  });

  it('names the file after the form and the student', async () => {
    const res = await download('admission', student.id, { cookie });
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(`${FORMS.admission.title} - ${student.name}.pdf`)}`,
    );
  });

  it('prints a QR code of a verification link that opens the genuine page', async () => {
    const render = vi.spyOn(app.pdf, 'render');
    const before = Math.floor(Date.now() / 1000);
    expectPdf(
      await download('acquaintance', student.id, { cookie, host: 'portal.example.edu' }),
      'acquaintance',
    );
    const after = Math.floor(Date.now() / 1000);
    const files = render.mock.calls[0]?.[2] ?? {};
    const svg = Buffer.from(files['qr.svg'] ?? new Uint8Array()).toString('utf8');
    const modules = svgModules(svg);
    // The token is signed over the issue second: find the link among the seconds of the request.
    const urls = Array.from({ length: after - before + 1 }, (_, i) => {
      const token = verifier.sign({
        studentId: student.id,
        kind: 'acquaintance',
        issuedAtMs: (before + i) * 1000,
      });
      return `http://portal.example.edu/api/v1/forms/verify/${token}`;
    });
    const url = urls.find(
      (candidate) => JSON.stringify(expectedModules(candidate)) === JSON.stringify(modules),
    );
    expect(url).toBeDefined();
    const page = await app.inject({ method: 'GET', url: new URL(url as string).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('الاستمارة صحيحة');
    expect(page.body).toContain(FORMS.acquaintance.title);
  });

  it('builds the verification link from the forwarded protocol and host behind a trusted proxy', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1', STUDENT_LOOKUP_RATE_LIMIT: '10000' });
    const proxiedStudent = await insertStudent(proxied.database.db, SOCIAL);
    const proxiedCookie = await loginStudent(proxied.app, proxiedStudent.nationalId);
    const render = vi.spyOn(proxied.app.pdf, 'render');
    await proxied.app.inject({
      method: 'GET',
      url: formUrl('admission', proxiedStudent.id),
      headers: {
        cookie: proxiedCookie,
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'admission.example.edu',
      },
    });
    const svg = Buffer.from(render.mock.calls[0]?.[2]?.['qr.svg'] ?? new Uint8Array()).toString('utf8');
    const issued = Math.floor(Date.now() / 1000);
    const matches = [issued - 1, issued].some((second) => {
      const token = verifier.sign({
        studentId: proxiedStudent.id,
        kind: 'admission',
        issuedAtMs: second * 1000,
      });
      const expected = expectedModules(`https://admission.example.edu/api/v1/forms/verify/${token}`);
      return JSON.stringify(expected) === JSON.stringify(svgModules(svg));
    });
    expect(matches).toBe(true);
  });
});

describe('the documents review on the admission form (issue 16)', () => {
  /** Notes that are markup somewhere: Typst for the PDF, HTML for the screens. */
  const HOSTILE_NOTES = [
    '#set page(fill: red)',
    '<script>alert(1)</script>',
    '#read("/etc/passwd")',
    '$x^2$ *bold* _em_ #{ }',
  ] as const;

  it('states the status in one line while the documents await review, on one page', async () => {
    const student = await insertStudent(db, SOCIAL);
    await insertDocuments(db, student.id, { reviews: { frontIdCard: { state: 'accepted' } } });
    const cookie = await loginStudent(app, student.nationalId);
    const pdf = expectPdf(await download('admission', student.id, { cookie }), 'admission-form');
    expect(pdfPageCount(pdf)).toBe(1);
    const text = pdfText(pdf);
    for (const words of ['حالة المستندات', 'بانتظار المراجعة']) expect(text).toContain(words);
    expect(text).not.toContain('مرفوض');
  });

  it('names each refused document with its reason and prints markup in a note as text', async () => {
    const student = await insertStudent(db, SOCIAL);
    await insertDocuments(db, student.id, {
      reviews: {
        frontIdCard: { state: 'rejected', reason: 'other', note: HOSTILE_NOTES[0] },
        backIdCard: { state: 'rejected', reason: 'cropped', note: HOSTILE_NOTES[1] },
        birthCertificate: { state: 'rejected', reason: 'other', note: HOSTILE_NOTES[2] },
        nominationCard: { state: 'rejected', reason: 'other', note: HOSTILE_NOTES[3] },
        personalPhoto: { state: 'accepted' },
        secondarySchoolCertificate: { state: 'rejected', reason: 'unreadable' },
      },
    });
    const cookie = await loginStudent(app, student.nationalId);
    const render = vi.spyOn(app.pdf, 'render');
    const pdf = expectPdf(await download('admission', student.id, { cookie }), 'admission-form');
    const text = pdfText(pdf);
    for (const words of ['حالة المستندات', 'مطلوب إعادة الرفع']) expect(text).toContain(words);
    for (const words of ['الوجه الخلفي', 'صورة شهادة', 'بطاقة الترشيح', 'شهادة الثانوية العامة'])
      expect(text).toContain(words);
    // The reasons in Arabic (pdftotext splits the lam-alef ligature, so words without it are checked).
    for (const words of ['مقصوصة', 'سبب آخر', 'غير واضحة']) expect(text).toContain(words);
    for (const note of HOSTILE_NOTES) expect(printsLiterally(text, note), `${note}\n${text}`).toBe(true);
    expect(text).not.toMatch(/root:x:0:0/);
    // The notes went to the renderer as data, in the JSON file, never into the template's source.
    const [template, data] = render.mock.calls[0] ?? [];
    expect(String(template)).toMatch(/admission\.typ$/);
    const refused = (data as { documents: { refused: { document: string; note: string | null }[] } })
      .documents.refused;
    expect(refused.map((item) => item.note)).toEqual([...HOSTILE_NOTES.slice(0, 3), null, HOSTILE_NOTES[3]]);
    // The accepted personal photo is not among the refused documents.
    expect(refused.map((item) => item.document)).not.toContain('الصورة الشخصية');
  });
});

describe('a complete tourism student', async () => {
  const student = await insertStudent(db, TOURISM);
  const cookie = await loginStudent(app, student.nationalId);

  it('downloads the admission form with the three programs in order, and a photo placeholder', async () => {
    const pdf = expectPdf(await download('admission', student.id, { cookie }), 'admission-form');
    expect(pdfPageCount(pdf)).toBe(1);
    const text = pdfText(pdf);
    for (const word of [
      'سارة',
      'محمود',
      'العزيز',
      'حسن',
      'Sara Mahmoud Hassan',
      student.nationalId,
      'السياحة',
    ])
      expect(text).toContain(word);
    // The third program, 'الإرشاد السياحي', is found by a word without a lam-alef ligature.
    const programs = ['الدراسات السياحية', 'الدراسات الفندقية', 'رشاد'].map((p) => text.indexOf(p));
    expect(programs.every((index) => index >= 0)).toBe(true);
    expect([...programs].sort((a, b) => a - b)).toEqual(programs);
    // No stored photo: a framed place to paste one, and no raster image.
    expect(text).toContain('الصورة الشخصية');
    expect(rasterImages(pdf)).toEqual([]);
  });

  it('prints a large PNG photo reduced to the print size (3 × 4 cm at about 355 dpi)', async () => {
    const large = await withPhoto(await insertStudent(db, TOURISM), 1500);
    const largeCookie = await loginStudent(app, large.nationalId);
    const pdf = expectPdf(await download('admission', large.id, { cookie: largeCookie }), 'admission-form');
    // 1500 × 1500 covers the 420 × 560 box at 560 × 560; the frame crops the sides.
    expect(rasterImages(pdf)).toEqual(['560×560']);
  });

  it('prints the form with the placeholder when the renderer cannot decode the stored photo', async () => {
    // A degenerate 1×1 JPEG (empty Huffman table): accepted on upload, which does not decode JPEGs.
    const odd = await withStoredPhoto(await insertStudent(db, TOURISM), tinyJpeg(), 'image/jpeg');
    const oddCookie = await loginStudent(app, odd.nationalId);
    const pdf = expectPdf(await download('admission', odd.id, { cookie: oddCookie }), 'admission-form');
    expect(pdfText(pdf)).toContain('الصورة الشخصية');
    expect(rasterImages(pdf)).toEqual([]);
  });

  it.each(['acquaintance', 'finalPersonalTest'] as const)(
    'gets 404 for the social-work-only %s form',
    async (kind) => {
      const res = await download(kind, student.id, { cookie });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 'error', message: MESSAGES.formSocialWorkOnly });
    },
  );
});

describe('student access', async () => {
  const student = await insertStudent(db, SOCIAL);
  const cookie = await loginStudent(app, student.nationalId);
  const other = await insertStudent(db, SOCIAL);
  const otherCookie = await loginStudent(app, other.nationalId);

  it.each(FORM_KINDS)("%s: another student's session gets 403", async (kind) => {
    const res = await download(kind, student.id, { cookie: otherCookie });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: MESSAGES.forbidden });
  });

  it.each(FORM_KINDS)('%s: no session gets 401', async (kind) => {
    const res = await download(kind, student.id);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'error', message: MESSAGES.studentSessionExpired });
  });

  it('a tampered session cookie is no session', async () => {
    const tampered = cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await download('admission', student.id, { cookie: tampered })).statusCode).toBe(401);
  });

  it('a malformed id is refused before anything is looked up', async () => {
    expect((await download('admission', 'not-a-uuid')).statusCode).toBe(401);
    expect((await download('admission', 'not-a-uuid', { cookie })).statusCode).toBe(403);
  });

  it.each(FORM_KINDS)('%s: an incomplete student gets 409', async (kind) => {
    const incomplete = await insertStudent(db, { ...SOCIAL, isComplete: false, completedAt: null });
    const res = await download(kind, incomplete.id, {
      cookie: await loginStudent(app, incomplete.nationalId),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'error', message: MESSAGES.formsNeedCompleteData });
  });

  it('a HEAD request renders nothing', async () => {
    const res = await app.inject({
      method: 'HEAD',
      url: formUrl('admission', student.id),
      headers: { cookie },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('staff access', async () => {
  const social = await insertStudent(db, SOCIAL);
  const commerce = await insertStudent(db, { ...COMPLETE, college: 'كلية التجارة' });
  const incomplete = await insertStudent(db, { college: 'كلية التجارة' });
  const staff = async (role: StaffRole, options: { faculty?: string; passwordChanged?: boolean } = {}) =>
    insertStaff(db, { role, ...options });
  const auth = async (account: TestStaff) => bearer(await tokenFor(app, account));

  it.each(['SUPERADMIN', 'SUPPORT'] as const)(
    '%s downloads any faculty’s forms with a bearer token',
    async (role) => {
      const account = await staff(role);
      expectPdf(await download('admission', commerce.id, await auth(account)), 'admission-form');
      expectPdf(
        await download('finalPersonalTest', social.id, await auth(account)),
        'final-personal-test-form',
      );
      const [row] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorId, account.id), eq(auditLog.targetId, commerce.id)));
      expect(row).toMatchObject({
        action: 'forms.download',
        targetType: 'student',
        details: { form: 'admission', via: 'staff' },
      });
    },
  );

  it("an ADMIN downloads its own faculty's students only", async () => {
    const admin = await staff('ADMIN', { faculty: 'كلية التجارة' });
    expectPdf(await download('admission', commerce.id, await auth(admin)), 'admission-form');
    const res = await download('admission', social.id, await auth(admin));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: MESSAGES.otherFacultyForbidden });
  });

  it('SOCIAL_ADMIN, an account that must change its password, and bad tokens are refused', async () => {
    const socialAdmin = await download('admission', social.id, await auth(await staff('SOCIAL_ADMIN')));
    expect(socialAdmin.statusCode).toBe(403);
    const fresh = await download(
      'admission',
      social.id,
      await auth(await staff('SUPPORT', { passwordChanged: false })),
    );
    expect(fresh.statusCode).toBe(403);
    expect(fresh.json().message).toBe(MESSAGES.changePasswordFirst);
    expect((await download('admission', social.id, bearer('not.a.token'))).statusCode).toBe(401);
    expect((await download('admission', social.id, { authorization: 'Bearer' })).statusCode).toBe(401);
  });

  it('staff get 404 for an unknown student and 409 for an incomplete one', async () => {
    const account = await staff('SUPERADMIN');
    expect((await download('admission', randomUUID(), await auth(account))).statusCode).toBe(404);
    expect((await download('admission', incomplete.id, await auth(account))).statusCode).toBe(409);
    expect((await download('acquaintance', commerce.id, await auth(account))).statusCode).toBe(404);
  });

  describe('the signed link of the staff list', () => {
    const askLink = async (account: TestStaff, body: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/forms/downloadLink',
        headers: await auth(account),
        payload: body,
      });

    it('opens the form in a plain browser navigation, for that student and form only', async () => {
      const admin = await staff('ADMIN', { faculty: 'كلية التجارة' });
      const res = await askLink(admin, { studentId: commerce.id });
      expect(res.statusCode).toBe(200);
      const { path } = res.json() as { path: string };
      expect(path).toMatch(new RegExp(`^/api/v1/students/getAdmissionForm/${commerce.id}\\?token=`));
      expectPdf(await app.inject({ method: 'GET', url: path }), 'admission-form');
      const token = new URL(path, 'http://x').searchParams.get('token') as string;
      const elsewhere = await app.inject({
        method: 'GET',
        url: `${formUrl('admission', social.id)}?token=${encodeURIComponent(token)}`,
      });
      expect(elsewhere.statusCode).toBe(403);
      const [audit] = await db.select().from(auditLog).where(eq(auditLog.actorId, admin.id));
      expect(audit).toMatchObject({ action: 'forms.download', details: { form: 'admission', via: 'link' } });
    });

    it('is refused for another faculty, an unknown or incomplete student, and a form the college lacks', async () => {
      const admin = await staff('ADMIN', { faculty: 'كلية التجارة' });
      expect((await askLink(admin, { studentId: social.id })).statusCode).toBe(403);
      expect((await askLink(admin, { studentId: randomUUID() })).statusCode).toBe(404);
      expect((await askLink(admin, { studentId: incomplete.id })).statusCode).toBe(409);
      expect((await askLink(admin, { studentId: commerce.id, form: 'acquaintance' })).statusCode).toBe(404);
      expect((await askLink(admin, { studentId: commerce.id, form: 'other' })).statusCode).toBe(400);
      expect((await askLink(await staff('SOCIAL_ADMIN'), { studentId: social.id })).statusCode).toBe(403);
      const forSocial = await askLink(await staff('SUPPORT'), {
        studentId: social.id,
        form: 'finalPersonalTest',
      });
      expect(forSocial.statusCode).toBe(200);
      expectPdf(await app.inject({ method: 'GET', url: forSocial.json().path }), 'final-personal-test-form');
    });

    it('stops working after sign-out everywhere, a password reset, a deletion or a faculty change (issue 33)', async () => {
      const boss = await staff('SUPERADMIN');
      const asBoss = async (method: 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) => {
        const res = await app.inject({ method, url: `/api/v1${url}`, headers: await auth(boss), payload });
        expect(res.statusCode).toBe(200);
      };
      const linkFor = async (account: TestStaff) => {
        const res = await askLink(account, { studentId: commerce.id });
        expect(res.statusCode).toBe(200);
        const { path } = res.json() as { path: string };
        expectPdf(await app.inject({ method: 'GET', url: path }), 'admission-form');
        return path;
      };
      const refused = async (path: string, message: string = MESSAGES.downloadLinkInvalid) => {
        const res = await app.inject({ method: 'GET', url: path });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ status: 'error', message });
      };

      const signedOut = await staff('SUPPORT');
      const signedOutLink = await linkFor(signedOut);
      const signOut = await app.inject({
        method: 'POST',
        url: '/api/v1/users/signOutEverywhere',
        headers: await auth(signedOut),
      });
      expect(signOut.statusCode).toBe(200);
      await refused(signedOutLink);

      const reset = await staff('ADMIN', { faculty: 'كلية التجارة' });
      const resetLink = await linkFor(reset);
      await asBoss('PATCH', '/users/resetAdminPassword', { id: reset.id });
      await refused(resetLink);

      const deleted = await staff('ADMIN', { faculty: 'كلية التجارة' });
      const deletedLink = await linkFor(deleted);
      await asBoss('DELETE', `/users/deleteAdmin/${deleted.id}`);
      await refused(deletedLink);

      const moved = await staff('ADMIN', { faculty: 'كلية التجارة' });
      const movedLink = await linkFor(moved);
      await asBoss('PATCH', '/users/updateAdmin', {
        id: moved.id,
        adminInfo: {
          name: moved.name,
          userName: moved.userName,
          phoneNumber: moved.phoneNumber,
          faculty: 'كلية الهندسة',
        },
      });
      await refused(movedLink, MESSAGES.otherFacultyForbidden);

      const downloads = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'forms.download'), eq(auditLog.targetId, commerce.id)));
      const refusedActors = [signedOut.id, reset.id, deleted.id, moved.id];
      expect(downloads.filter((row) => refusedActors.includes(row.actorId as string))).toHaveLength(4);
    });

    it('refuses a tampered (403), a malformed (400) and an expired (410) link', async () => {
      const res = await askLink(await staff('SUPERADMIN'), { studentId: social.id });
      const token = new URL(res.json().path, 'http://x').searchParams.get('token') as string;
      const at = (value: string) =>
        app.inject({
          method: 'GET',
          url: `${formUrl('admission', social.id)}?token=${encodeURIComponent(value)}`,
        });
      const tampered = `${token.slice(0, 5)}${token[5] === 'A' ? 'B' : 'A'}${token.slice(6)}`;
      expect((await at(tampered)).statusCode).toBe(403);
      expect((await at('garbage')).statusCode).toBe(400);
      const expired = createLinkSigner(TEST_SECRET).sign(
        'form-download',
        { s: social.id, k: 'admission', a: randomUUID(), u: 'someone', i: Date.now() - 11 * 60 * 1000 },
        10 * 60 * 1000,
        Date.now() - 11 * 60 * 1000,
      );
      const gone = await at(expired);
      expect(gone.statusCode).toBe(410);
      expect(gone.json().message).toBe(MESSAGES.downloadLinkExpired);
    });
  });
});

describe("the tracker's forms step (issue 17)", () => {
  const downloadedAt = async (studentId: string) => {
    const [row] = await db
      .select({ at: students.formsDownloadedAt })
      .from(students)
      .where(eq(students.id, studentId));
    return row?.at ?? null;
  };

  it("is done by the student's own first download and keeps its time on later ones", async () => {
    const student = await insertStudent(db, COMPLETE);
    const cookie = await loginStudent(app, student.nationalId);
    expectPdf(await download('admission', student.id, { cookie }), 'admission-form');
    const first = await downloadedAt(student.id);
    expect(first).toBeInstanceOf(Date);
    expectPdf(await download('admission', student.id, { cookie }), 'admission-form');
    expect(await downloadedAt(student.id)).toEqual(first);
    const lookup = await app.inject({
      method: 'POST',
      url: '/api/v1/students/getStudent',
      payload: { nationalID: student.nationalId },
    });
    expect(lookup.json().studentData.formsDownloaded).toBe(true);
  });

  it('is not done by a staff download, a staff link, or a refused download', async () => {
    const student = await insertStudent(db, { ...COMPLETE, college: 'كلية التجارة' });
    const account = await insertStaff(db, { role: 'SUPPORT' });
    expectPdf(
      await download('admission', student.id, bearer(await tokenFor(app, account))),
      'admission-form',
    );
    const link = await app.inject({
      method: 'POST',
      url: '/api/v1/forms/downloadLink',
      headers: bearer(await tokenFor(app, account)),
      payload: { studentId: student.id },
    });
    expectPdf(await app.inject({ method: 'GET', url: link.json().path }), 'admission-form');
    const refused = await download('acquaintance', student.id, {
      cookie: await loginStudent(app, student.nationalId),
    });
    expect(refused.statusCode).toBe(404);
    expect(await downloadedAt(student.id)).toBeNull();
  });
});

describe('the verification page', async () => {
  const student = await insertStudent(db, SOCIAL);
  const verify = (token: string) => app.inject({ method: 'GET', url: `/api/v1/forms/verify/${token}` });

  it('confirms a genuine form with the first two words of the name, the college, the form and the date', async () => {
    const token = verifier.sign({
      studentId: student.id,
      kind: 'finalPersonalTest',
      issuedAtMs: Date.parse('2026-03-01T10:00:00Z'),
    });
    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
    expect(res.body).toContain('الاستمارة صحيحة');
    expect(res.body).toContain('محمد أحمد');
    expect(res.body).not.toContain('عبد الرحمن');
    expect(res.body).toContain(SOCIAL_WORK_COLLEGE);
    expect(res.body).toContain(FORMS.finalPersonalTest.title);
    expect(res.body).toContain('01/03/2026 12:00');
    expect(res.body).toContain('جامعة المنصورة الأهلية');
    // Nothing more than the form shows: no national ID, no phone, no script.
    expect(res.body).not.toContain(student.nationalId);
    expect(res.body).not.toContain('01012345678');
    expect(res.body).not.toMatch(/<script/i);
  });

  it('answers a not-genuine page with 404 for a tampered or made-up token', async () => {
    const token = verifier.sign({ studentId: student.id, kind: 'admission', issuedAtMs: Date.now() });
    const tampered = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    for (const bad of [tampered, 'made-up', randomUUID()]) {
      const res = await verify(bad);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('الاستمارة غير صحيحة');
      expect(res.body).not.toContain('محمد');
    }
  });

  it('says so when the student of a genuine token is gone', async () => {
    const token = verifier.sign({ studentId: randomUUID(), kind: 'admission', issuedAtMs: Date.now() });
    const res = await verify(token);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('تعذر التحقق');
  });

  it('escapes what it prints', async () => {
    const odd = await insertStudent(db, { ...SOCIAL, name: '<b>x</b> "y" & z' });
    const res = await verify(verifier.sign({ studentId: odd.id, kind: 'admission', issuedAtMs: Date.now() }));
    expect(res.body).toContain('&lt;b&gt;x&lt;/b&gt; &quot;y&quot;');
    expect(res.body).not.toContain('<b>x');
  });
});
