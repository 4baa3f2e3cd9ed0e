import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import type { Download, Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';

// The admission forms end to end: a complete social-work student with a personal photo (sent through the real
// multipart PATCH completeStudentData) and a complete commerce student (marked complete in the database, no
// photo) download their forms from the formsDownload screen; staff open a form through the signed link. The
// PDFs are read back with poppler (pdftotext, pdfimages).

const PORTAL = '/stAdmission';
const API = '/api/v1';
const SOCIAL_WORK = 'كلية الخدمة الاجتماعية';
const COMMERCE = 'كلية التجارة';
const DEMO_PASSWORD = 'Demo1234';

// ---------------------------------------------------------------------------------------------------------
// A real PNG, written here with node:zlib.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  let crc = 0xffffffff;
  for (const byte of body) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return Buffer.concat([length, body, tail]);
}

/** An RGB PNG of width×height: a light backdrop with a dark disc (a head, roughly). */
function portraitPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inside = Math.hypot(x - width / 2, y - height * 0.4) < width * 0.25;
      const o = y * (1 + width * 3) + 1 + x * 3;
      raw[o] = inside ? 60 : 210;
      raw[o + 1] = inside ? 80 : 220;
      raw[o + 2] = inside ? 110 : 235;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------------------------------------------------

async function logIn(page: Page, nationalId: string) {
  await page.goto(`${PORTAL}/`);
  await page.getByLabel('الرقم القومي').fill(nationalId);
  await page.getByRole('button', { name: 'دخول' }).click();
  await expect(page).toHaveURL(/\/dashboard\/studentDataView$/);
}

/** The text of a PDF as poppler reads it, without the direction marks it adds around right-to-left runs. */
function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], {
    input: pdf,
    stdio: ['pipe', 'pipe', 'ignore'],
  })
    .toString('utf8')
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
}

/** How many raster images (the personal photo) the PDF holds; the QR code and the logo are vectors. */
function rasterImages(pdf: Buffer): number {
  const list = execFileSync('pdfimages', ['-list', '-'], { input: pdf, stdio: ['pipe', 'pipe', 'ignore'] });
  return list
    .toString('utf8')
    .split('\n')
    .filter((line) => /^\s*\d+\s+\d+\s+image\s/.test(line)).length;
}

async function downloaded(download: Download): Promise<Buffer> {
  const file = await readFile(String(await download.path()));
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return file;
}

/** Goes from the data screen to the forms screen through its button, once the record is complete. */
async function openFormsScreen(page: Page) {
  await page.getByRole('link', { name: 'تنزيل الاستمارات', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/formsDownload$/);
  await expect(page.getByRole('heading', { name: 'تنزيل الاستمارات' })).toBeVisible();
}

test('a complete social-work student downloads the three forms, with the personal photo', async ({
  page,
  createStudent,
}) => {
  test.setTimeout(120_000);
  const student = await createStudent({
    college: SOCIAL_WORK,
    name: 'يوسف محمود حسن الشناوي',
    isPassed: true,
    completedQuestions: true,
  });
  // The student's session, opened through the real login screen.
  await logIn(page, student.nationalId);

  // Complete data and six real images through the real multipart call, with the session's cookie.
  const form = new FormData();
  const fields: Record<string, string> = {
    studentNameEn: 'Youssef Mahmoud Elshennawy',
    city: 'طنطا',
    brothersNum: '3',
    brothersMaleNum: '1',
    brothersFemaleNum: '2',
    brothersOrder: '2',
    income: '7500',
    motherName: 'منى عبد الحميد سالم',
    motherNationality: 'مصرية',
    motherJob: 'معلمة',
    motherMobile: '01123456789',
    fatherNationality: 'مصري',
    fatherMobile: '01098765432',
    phoneNumber: '01012345678',
    homeTel: '0403334455',
    address: '12 شارع البحر، طنطا',
    email: 'youssef.m@example.com',
    qualification: 'ثانوية عامة',
    qualificationYear: '2024/2025',
    totalGrade: '380',
    percentage: '92.68',
    masterName: 'محمود حسن الشناوي',
    masterJob: 'محاسب',
    masterQualification: 'بكالوريوس تجارة',
    fatherName: 'محمود حسن الشناوي',
    fatherJob: 'محاسب',
    fatherQualification: 'بكالوريوس تجارة',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const kinds = [
    'frontIdCard',
    'backIdCard',
    'birthCertificate',
    'personalPhoto',
    'secondarySchoolCertificate',
  ];
  for (const kind of [...kinds, 'nominationCard']) {
    const bytes = kind === 'personalPhoto' ? portraitPng(300, 400) : portraitPng(40, 30);
    form.append('photos', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `${kind}.png__${kind}`);
  }
  const saved = await page.request.patch(`${API}/students/completeStudentData/${student.id}`, {
    multipart: form,
  });
  expect(saved.status(), await saved.text()).toBe(200);

  // The login screen, opened again, fetches the stored record anew (the nationalID cookie): now complete.
  await page.goto(`${PORTAL}/`);
  await expect(page).toHaveURL(/\/dashboard\/studentDataView$/);
  await openFormsScreen(page);
  const links = page.getByRole('link', { name: /^تنزيل استمارة/ });
  await expect(links).toHaveCount(3);

  for (const [title, words] of [
    ['استمارة طلب الالتحاق', ['Youssef Mahmoud Elshennawy', 'youssef.m@example.com', 'منى', '01123456789']],
    ['استمارة التعارف', ['7500', 'طنطا', 'الهوايات']],
    ['استمارة الاختبار الشخصي النهائي', ['رئيس اللجنة', 'عنصر التقييم']],
  ] as const) {
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: `تنزيل ${title} (PDF)` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${title} - ${student.name}.pdf`);
    const pdf = await downloaded(download);
    const text = pdfText(pdf);
    // pdftotext splits the lam-alef ligature, so words without it are checked.
    for (const word of ['يوسف', 'محمود', 'حسن', 'الشناوي', student.nationalId, 'الخدمة', ...words])
      expect(text).toContain(word);
    expect(rasterImages(pdf)).toBe(1);
  }
  await expect(page.getByText('تم تنزيل الملف بنجاح').first()).toBeVisible();
});

test('a commerce student marked complete downloads the admission form only; its photo place is framed', async ({
  page,
  db,
  createStudent,
}) => {
  const student = await createStudent({
    college: COMMERCE,
    name: 'مريم أشرف عبد العزيز',
    isPassed: true,
    completedQuestions: true,
  });
  await db.query(
    `UPDATE students SET is_complete = true, completed_at = now(), student_name_en = 'Mariam Ashraf Abdelaziz',
       phone_number = '01055566677', home_tel = '0223334444', email = 'mariam@example.com',
       address = 'مدينة نصر، القاهرة', qualification = 'ثانوية عامة', qualification_year = '2024/2025',
       total_grade = 371.5, percentage = 90.61, master_name = 'أشرف عبد العزيز', master_job = 'مهندس',
       master_qualification = 'بكالوريوس هندسة', father_name = 'أشرف عبد العزيز', father_job = 'مهندس',
       father_qualification = 'بكالوريوس هندسة'
     WHERE id = $1`,
    [student.id],
  );
  await logIn(page, student.nationalId);
  await openFormsScreen(page);
  const links = page.getByRole('link', { name: /^تنزيل استمارة/ });
  await expect(links).toHaveCount(1);

  const downloading = page.waitForEvent('download');
  await links.first().click();
  const pdf = await downloaded(await downloading);
  const text = pdfText(pdf);
  for (const word of [
    'مريم',
    'أشرف',
    'Mariam Ashraf Abdelaziz',
    student.nationalId,
    'التجارة',
    '371.5',
    '90.61%',
  ])
    expect(text).toContain(word);
  expect(text).toContain('الصورة الشخصية');
  expect(rasterImages(pdf)).toBe(0);

  // The social-work forms are not this college's: 404 with an Arabic message, with the student's own session.
  const other = await page.request.get(`${API}/students/getAcquaintanceForm/${student.id}`);
  expect(other.status()).toBe(404);
  expect(await other.json()).toEqual({
    status: 'error',
    message: 'هذه الاستمارة خاصة بطلاب كلية الخدمة الاجتماعية',
  });
});

test('staff open a complete student’s admission form through a signed link; others are refused', async ({
  page,
  db,
  createStudent,
}) => {
  const student = await createStudent({ college: COMMERCE, name: 'كريم سامي فؤاد' });
  const incomplete = await createStudent({ college: COMMERCE });
  const social = await createStudent({ college: SOCIAL_WORK });
  await db.query(
    `UPDATE students SET is_complete = true, completed_at = now(), student_name_en = 'Karim Samy Fouad'
     WHERE id = ANY($1::uuid[])`,
    [[student.id, social.id]],
  );

  // No student session and no staff token: 401.
  expect((await page.request.get(`${API}/students/getAdmissionForm/${student.id}`)).status()).toBe(401);

  const login = await page.request.post(`${API}/users/login`, {
    data: { userName: 'commerce', password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const token = (await login.json()).token as string;
  const askLink = (studentId: string) =>
    page.request.post(`${API}/forms/downloadLink`, {
      headers: { authorization: `Bearer ${token}` },
      data: { studentId, form: 'admission' },
    });

  const link = await askLink(student.id);
  expect(link.status()).toBe(200);
  const { path } = (await link.json()) as { path: string };
  expect(path).toContain(`/students/getAdmissionForm/${student.id}?token=`);
  // The link alone opens the form (a browser navigation sends no Authorization header).
  const opened = await page.request.get(path);
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toBe('application/pdf');
  const text = pdfText(await opened.body());
  expect(text).toContain('Karim Samy Fouad');
  expect(text).toContain(student.nationalId);

  // The faculty ADMIN of commerce: not another faculty's student, not an incomplete one.
  expect((await askLink(social.id)).status()).toBe(403);
  expect((await askLink(incomplete.id)).status()).toBe(409);
});
