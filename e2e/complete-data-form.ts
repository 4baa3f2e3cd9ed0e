import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { encodeRgbPng } from '../api/test/images.js';
import { expect } from './fixtures.js';

// The complete-data form as a student fills it: real images (PNGs encoded by the API tests' helper, JPEGs drawn
// by the browser's own canvas), the fields every college asks for, the image pickers and the submit.

export const IMAGE_LABELS = {
  frontIdCard: 'صورة بطاقة الرقم القومي (الوجه الأمامي)',
  backIdCard: 'صورة بطاقة الرقم القومي (الوجه الخلفي)',
  birthCertificate: 'صورة شهادة الميلاد',
  personalPhoto: 'الصورة الشخصية',
  secondarySchoolCertificate: 'صورة شهادة الثانوية العامة أو ما يعادلها',
  nominationCard: 'صورة بطاقة الترشيح',
} as const;
export type ImageKind = keyof typeof IMAGE_LABELS;

// ---------------------------------------------------------------------------------------------------------
// Real images: PNGs encoded by the API tests' helper, JPEGs drawn by the browser's own canvas.

/** A decodable RGB PNG of width×height with a diagonal gradient tinted by `tint`. */
export function gradientPng(width: number, height: number, tint: [number, number, number]): Buffer {
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x++) {
      const shade = Math.round(((x + y) / (width + height)) * 255);
      raw[row + 1 + x * 3] = (shade + tint[0]) & 0xff;
      raw[row + 2 + x * 3] = (255 - shade + tint[1]) & 0xff;
      raw[row + 3 + x * 3] = (shade * 2 + tint[2]) & 0xff;
    }
  }
  return encodeRgbPng(width, height, raw);
}

/** A photo-like PNG of random pixels (side × side): it does not compress, so its bytes really travel. */
export function noisePng(side: number): Buffer {
  const raw = randomBytes(side * (1 + side * 3));
  for (let row = 0; row < side; row++) raw[row * (1 + side * 3)] = 0;
  return encodeRgbPng(side, side, raw);
}

/** A real JPEG (width×height) drawn on the page's canvas. */
export async function canvasJpeg(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      const gradient = context.createLinearGradient(0, 0, w, h);
      gradient.addColorStop(0, '#1f5a86');
      gradient.addColorStop(1, '#e8d8b0');
      context.fillStyle = gradient;
      context.fillRect(0, 0, w, h);
      context.fillStyle = '#ffffff';
      context.beginPath();
      context.arc(w / 2, h / 2.5, Math.min(w, h) / 5, 0, Math.PI * 2);
      context.fill();
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
      if (!blob) throw new Error('no jpeg');
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    [width, height] as const,
  );
  return Buffer.from(base64, 'base64');
}

/** A photo-like JPEG of random pixels (side × side) drawn on the page's canvas: its bytes really travel. */
export async function noiseJpeg(page: Page, side: number): Promise<Buffer> {
  const base64 = await page.evaluate(async (size) => {
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    const pixels = context.createImageData(size, size);
    for (let i = 0; i < pixels.data.length; i++)
      pixels.data[i] = i % 4 === 3 ? 255 : (Math.random() * 256) | 0;
    context.putImageData(pixels, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    if (!blob) throw new Error('no jpeg');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, side);
  return Buffer.from(base64, 'base64');
}

export interface ImageFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Six images; the school certificate is 2400 px wide, so the browser must scale it to 1920 px. */
export async function sixImages(page: Page): Promise<Record<ImageKind, ImageFile>> {
  const png = (name: string, width: number, height: number, tint: [number, number, number]) => ({
    name,
    mimeType: 'image/png',
    buffer: gradientPng(width, height, tint),
  });
  const jpeg = async (name: string, width: number, height: number) => ({
    name,
    mimeType: 'image/jpeg',
    buffer: await canvasJpeg(page, width, height),
  });
  return {
    frontIdCard: png('بطاقة وجه.png', 640, 400, [0, 0, 0]),
    backIdCard: png('بطاقة ظهر.png', 640, 400, [60, 20, 0]),
    birthCertificate: await jpeg('birth certificate.jpg', 900, 1200),
    personalPhoto: await jpeg('personal.jpg', 480, 600),
    secondarySchoolCertificate: png('school-certificate.png', 2400, 1700, [10, 90, 40]),
    nominationCard: png('nomination.png', 800, 500, [120, 0, 60]),
  };
}

export const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
export const imageInput = (page: Page, kind: ImageKind) => page.locator(`input[type="file"][id$="-${kind}"]`);

export async function fillCommon(page: Page) {
  await field(page, 'الاسم باللغة الإنجليزية').fill('Mona Ahmed Ali');
  // Arabic-Indic digits are accepted and normalised.
  await field(page, 'رقم الموبايل').fill('٠١٠١٢٣٤٥٦٧٨');
  await field(page, 'رقم التليفون الأرضي').fill('0502212345');
  await field(page, 'البريد الإلكتروني').fill('mona.ali@example.com');
  await field(page, 'العنوان').fill('12 شارع الجمهورية، المنصورة، الدقهلية');
  await field(page, 'المؤهل').fill('الثانوية العامة');
  await field(page, 'السنة الأولى').fill('2025');
  await field(page, 'السنة الثانية').fill('٢٠٢٦');
  await field(page, 'المجموع الكلي').fill('385.5');
  await field(page, 'النسبة المئوية').fill('93.75');
  await field(page, 'اسم ولي الأمر').fill('أحمد علي حسن');
  await field(page, 'وظيفة ولي الأمر').fill('مهندس');
  await field(page, 'مؤهل ولي الأمر').fill('بكالوريوس هندسة');
  await field(page, 'اسم الأب').fill('أحمد علي حسن');
  await field(page, 'وظيفة الأب').fill('مهندس');
  await field(page, 'مؤهل الأب').fill('بكالوريوس هندسة');
}

export async function chooseImages(page: Page, images: Record<ImageKind, ImageFile>) {
  for (const [kind, file] of Object.entries(images) as [ImageKind, ImageFile][]) {
    await imageInput(page, kind).setInputFiles(file);
  }
  // Each is checked and compressed; its preview shows once it is ready.
  for (const label of Object.values(IMAGE_LABELS)) {
    await expect(page.getByRole('img', { name: `معاينة ${label}` })).toBeVisible({ timeout: 30_000 });
  }
  await expect(page.getByText(/^الصورة المختارة:/)).toHaveCount(6);
}

export const SUBMIT = 'حفظ البيانات';

export async function submitAndReachForms(page: Page) {
  await page.getByRole('button', { name: SUBMIT }).click();
  await expect(page.getByText('تم تحديث البيانات بنجاح')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/dashboard\/formsDownload$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'تنزيل الاستمارات' })).toBeVisible();
}
