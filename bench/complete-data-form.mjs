// The complete-data submission of a social-work student as the web app sends it (every field and six PNG images),
// for the benchmarks. The PNGs are real pictures built here (no image library needed).

import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG of a portrait-like picture: a backdrop, a head and shoulders, and grain that differs by `seed`. */
export function portraitPng(width, height, seed, grain) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let state = seed >>> 0 || 1;
  const noise = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % (2 * grain + 1)) - grain;
  };
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const head = Math.hypot(x - width / 2, y - height * 0.38) < width * 0.22;
      const body = y > height * 0.62 && Math.abs(x - width / 2) < (y - height * 0.5) * 0.9;
      const base = head ? [205, 170, 140] : body ? [40, 55, 90] : [200 - y / 8, 215 - y / 10, 235];
      for (let c = 0; c < 3; c++)
        raw[row + 1 + x * 3 + c] = Math.max(0, Math.min(255, Math.round(base[c] + noise())));
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const OTHER_IMAGES = [
  'frontIdCard',
  'backIdCard',
  'birthCertificate',
  'secondarySchoolCertificate',
  'nominationCard',
];

/**
 * The six images of the `index`th student: a 600 × 800 personal photo of about 0.6 MB and five others, 550 × 730
 * of about 0.5 MB each when `large`, else 32 × 32. Building them is slow: build before any timing starts.
 */
export function studentImages(index, { large = false } = {}) {
  const images = [{ kind: 'personalPhoto', name: 'photo.png', png: portraitPng(600, 800, index + 1, 2) }];
  for (const [i, kind] of OTHER_IMAGES.entries()) {
    const seed = index * 10 + i + 1;
    images.push({
      kind,
      name: `${kind}.png`,
      png: large ? portraitPng(550, 730, seed, 2) : portraitPng(32, 32, seed, 20),
    });
  }
  return images;
}

/**
 * The multipart complete-data form of the `index`th social-work student (every field and six images); `images`
 * may be reused between students (see studentImages).
 */
export function completeForm(index, { large = false, images = studentImages(index, { large }) } = {}) {
  const fields = {
    studentNameEn: 'Bench Student Portal Test',
    city: 'المنصورة',
    brothersNum: '3',
    brothersMaleNum: '1',
    brothersFemaleNum: '2',
    brothersOrder: '2',
    income: String(4000 + index),
    motherName: 'فاطمة محمود حسن إبراهيم',
    motherNationality: 'مصرية',
    motherJob: 'ربة منزل',
    motherMobile: '01123456789',
    fatherNationality: 'مصري',
    fatherMobile: '01098765432',
    phoneNumber: '01012345678',
    homeTel: '0502234567',
    address: '15 شارع الجمهورية، المنصورة، الدقهلية',
    email: `bench.student${index}@example.com`,
    qualification: 'شهادة إتمام الدراسة الثانوية العامة',
    qualificationYear: '2024/2025',
    totalGrade: '385.5',
    percentage: '93.9',
    masterName: 'أحمد عبد الرحمن السيد علي',
    masterJob: 'مدرس',
    masterQualification: 'بكالوريوس تربية',
    fatherName: 'أحمد عبد الرحمن السيد علي',
    fatherJob: 'مدرس',
    fatherQualification: 'بكالوريوس تربية',
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const image of images)
    form.append('photos', new Blob([image.png], { type: 'image/png' }), `${image.name}__${image.kind}`);
  return form;
}
