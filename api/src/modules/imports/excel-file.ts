import {
  MESSAGES,
  STUDENT_IMPORT_EXTENSIONS,
  STUDENT_IMPORT_MAX_COMPRESSION_RATIO,
  STUDENT_IMPORT_MAX_UNCOMPRESSED_BYTES,
} from '@portal/common';
import { AppError } from '../../lib/app-error.js';

export type ExcelFormat = 'xlsx' | 'xls';

/** .xlsx is a zip (local file header `PK\3\4`); .xls is an OLE compound file (`D0 CF 11 E0 A1 B1 1A E1`). */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * The format of an uploaded file, judged by its name AND its first bytes: the name must end in .xlsx or .xls
 * and the content must be a zip or an OLE compound file (a program renamed .xlsx is refused). When both are
 * Excel formats the content decides (an .xls saved as .xlsx is read all the same). 415 otherwise.
 */
export function excelFormatOf(fileName: string, content: Buffer): ExcelFormat {
  const extension = /\.([^.]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
  const named = STUDENT_IMPORT_EXTENSIONS.find((allowed) => allowed === extension);
  if (!named) throw new AppError(415, MESSAGES.excelFileOnly);
  if (content.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) return 'xlsx';
  if (content.subarray(0, CFB_MAGIC.length).equals(CFB_MAGIC)) return 'xls';
  throw new AppError(415, MESSAGES.excelFileOnly);
}

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_HEADER_SIGNATURE = 0x02014b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;
/** An .xlsx has a few dozen entries; thousands mean something else. */
const MAX_ENTRIES = 10_000;
/** The compression ratio is judged only on entries this large (small XML parts may compress very well). */
const RATIO_MIN_BYTES = 1024 * 1024;

export interface ZipEntry {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

const unreadable = () => new AppError(400, MESSAGES.uploadFileUnreadable);
const expandsTooMuch = () => new AppError(413, MESSAGES.uploadFileExpandsTooMuch);

function readBig(buffer: Buffer, offset: number): number {
  if (offset + 8 > buffer.length) throw unreadable();
  const value = buffer.readBigUInt64LE(offset);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw expandsTooMuch();
  return Number(value);
}

/** Where the central directory starts and how many entries it lists (zip64 aware). */
function endOfCentralDirectory(zip: Buffer): { offset: number; size: number; entries: number } {
  const lowest = Math.max(0, zip.length - EOCD_MIN - MAX_COMMENT);
  for (let at = zip.length - EOCD_MIN; at >= lowest; at--) {
    if (zip.readUInt32LE(at) !== EOCD_SIGNATURE) continue;
    let entries = zip.readUInt16LE(at + 10);
    let size = zip.readUInt32LE(at + 12);
    let offset = zip.readUInt32LE(at + 16);
    if (entries === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
      const locator = at - 20;
      if (locator < 0 || zip.readUInt32LE(locator) !== ZIP64_LOCATOR_SIGNATURE) throw unreadable();
      const record = readBig(zip, locator + 8);
      if (record + 56 > zip.length || zip.readUInt32LE(record) !== ZIP64_EOCD_SIGNATURE) throw unreadable();
      entries = readBig(zip, record + 32);
      size = readBig(zip, record + 40);
      offset = readBig(zip, record + 48);
    }
    if (offset + size > zip.length) throw unreadable();
    return { offset, size, entries };
  }
  // No end record: the file was cut short (the central directory is written last).
  throw unreadable();
}

/**
 * The entries of a zip as its central directory declares them, read without inflating anything. Throws 400
 * (Arabic) for a truncated or corrupt zip.
 */
export function zipEntries(zip: Buffer): ZipEntry[] {
  if (zip.length < EOCD_MIN) throw unreadable();
  const directory = endOfCentralDirectory(zip);
  if (directory.entries > MAX_ENTRIES) throw expandsTooMuch();
  const entries: ZipEntry[] = [];
  let at = directory.offset;
  for (let index = 0; index < directory.entries; index++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_HEADER_SIGNATURE) throw unreadable();
    let compressedSize = zip.readUInt32LE(at + 20);
    let uncompressedSize = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const end = at + 46 + nameLength + extraLength + commentLength;
    if (end > zip.length) throw unreadable();
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (uncompressedSize === 0xffffffff || compressedSize === 0xffffffff) {
      // Zip64 extended information (header id 1): the 8-byte sizes that did not fit, uncompressed first.
      let extra = at + 46 + nameLength;
      const extraEnd = extra + extraLength;
      while (extra + 4 <= extraEnd) {
        const id = zip.readUInt16LE(extra);
        const length = zip.readUInt16LE(extra + 2);
        if (id === 1) {
          let field = extra + 4;
          if (uncompressedSize === 0xffffffff) {
            uncompressedSize = readBig(zip, field);
            field += 8;
          }
          if (compressedSize === 0xffffffff) compressedSize = readBig(zip, field);
          break;
        }
        extra += 4 + length;
      }
    }
    entries.push({ name, compressedSize, uncompressedSize });
    at = end;
  }
  return entries;
}

/**
 * Refuses a zip bomb before any parser sees it: 413 when the declared uncompressed total exceeds the limit or a
 * large entry claims an absurd compression ratio; 400 when the zip is cut short or corrupt; 415 when the zip is
 * not a spreadsheet (a .docx renamed .xlsx). The declared sizes could lie; the parser runs in a worker with a
 * memory cap and a time limit for that case.
 */
export function checkXlsxContainer(zip: Buffer): void {
  const entries = zipEntries(zip);
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    if (total > STUDENT_IMPORT_MAX_UNCOMPRESSED_BYTES) throw expandsTooMuch();
    const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
    if (entry.uncompressedSize >= RATIO_MIN_BYTES && ratio > STUDENT_IMPORT_MAX_COMPRESSION_RATIO)
      throw expandsTooMuch();
  }
  if (!entries.some((entry) => entry.name === 'xl/workbook.xml'))
    throw new AppError(415, MESSAGES.excelFileOnly);
}
