// Reads an uploaded student list OFF the main event loop (a worker_threads Worker started by
// `../sheet-parser.ts`). Plain JavaScript on purpose: the same file runs under vitest (which compiles only the
// TypeScript it imports itself, never a worker's) and in production (`node api/dist/main.js`, where tsc has
// not copied it); see WORKER_FILE in sheet-parser.ts for how it is found from both places. Everything it needs
// to know (columns, Arabic reasons, limits) arrives in `workerData.config`, built from @portal/common, so the
// rules live in one place; only the digit normalisation below repeats common/src/digits.ts (a parity test in
// sheet-parser.test.ts keeps the two the same).
//
// In:  workerData = { job: 'student-sheet', file: ArrayBuffer (transferred), format: 'xlsx' | 'xls', config }
// Out: one message, { ok: true, result } or { ok: false, code: 'unreadable' | 'noHeader' | 'noRows' |
//      'tooManyRows' }. The accepted rows leave as PostgreSQL array literals (one string per column) so that the
//      main thread neither deserialises 100,000 objects nor encodes 700,000 query parameters.

import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';
import * as cptable from '@e965/xlsx/dist/cpexcel.full.mjs';

// Old .xls files written by Arabic Windows keep their text in code page 1256.
XLSX.set_cptable(cptable);

/** Zero-width and direction marks that Arabic systems leave around numbers and names (INVISIBLE_MARKS in common). */
const INVISIBLE = /[\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
const CONTROL = /[\u0000-\u001f\u007f]/g;
/** Anything cleanText would change; most cells have none of it, and skip the replacements. */
const UNCLEAN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for.
  /[\u0000-\u001f\u007f\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]|\s\s|^\s|\s$/;
const NEEDS_ESCAPE = /["\\]/;
const SCIENTIFIC = /^[+-]?\d+(\.\d+)?e[+-]?\d+$/i;

/**
 * Same as normalizeDigits in common/src/digits.ts: no white space or invisible mark, Arabic-Indic and Persian
 * digits as ASCII.
 */
export function normalizeDigits(input) {
  return input
    .replace(/\s+/g, '')
    .replace(INVISIBLE, '')
    .replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => {
      const code = digit.charCodeAt(0);
      return String(code - (code >= 0x06f0 ? 0x06f0 : 0x0660));
    });
}

/** A header or a gender value as compared: no case, spaces, punctuation, diacritics or letter variants. */
export function normalizeHeader(text) {
  return String(text)
    .toLowerCase()
    .replace(INVISIBLE, '')
    .replace(/[\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/[\s_\-.:*()]+/g, '');
}

/** A cell whose formula has no computed value (written by a program that does not calculate). */
const NO_VALUE = Symbol('formula without value');

/** Text as a person typed it: no control characters or invisible marks, single spaces, trimmed. */
function cleanText(value) {
  const text = String(value);
  if (!UNCLEAN.test(text)) return text;
  return text.replace(CONTROL, ' ').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/**
 * The raw content of a cell: NO_VALUE, '' for an empty cell, or the cell itself when it holds a value.
 * Formula cells are read by their cached value, the one the person saw in Excel.
 */
function contentOf(cell) {
  if (!cell) return '';
  if (cell.t === 'z') return cell.f ? NO_VALUE : '';
  if (cell.t === 'e') return NO_VALUE;
  if (cell.v === undefined || cell.v === null) return cell.f ? NO_VALUE : '';
  if (cell.t === 's' && cell.v.trim() === '') return cell.f ? NO_VALUE : '';
  return cell;
}

/**
 * A number cell holding an identifier as its exact digits: 2.9e13 becomes '29000000000000'; a format that
 * shows leading zeros ('00000000000') keeps them. `null` when the number is not a whole number or is past
 * 2^53, where Excel has already lost digits.
 */
function integerDigits(cell) {
  const value = cell.v;
  if (!Number.isSafeInteger(value) || value < 0) return null;
  const digits = BigInt(value).toString();
  const shown = typeof cell.w === 'string' ? cell.w.trim() : '';
  if (/^\d+$/.test(shown) && shown.length > digits.length && BigInt(shown) === BigInt(value)) return shown;
  return digits;
}

/** An identifier (national ID, seat number, phone) as text, or `{ invalid }` / `{ scientific }`. */
function identifierOf(cell) {
  if (cell.t === 'n') {
    const digits = integerDigits(cell);
    return digits === null
      ? { scientific: true, shown: String(cell.w ?? cell.v) }
      : { text: digits, number: true };
  }
  const text = normalizeDigits(cleanText(cell.v)).replace(/-/g, '');
  if (SCIENTIFIC.test(text)) return { scientific: true, shown: text };
  return { text };
}

/** A decimal number typed in any digits, with '٫' or ',' as the decimal mark and an optional '%'. */
function decimalOf(cell, isPercentage) {
  if (cell.t === 'n') {
    const shown = typeof cell.w === 'string' ? cell.w.trim() : '';
    return isPercentage && shown.endsWith('%') ? cell.v * 100 : cell.v;
  }
  const text = normalizeDigits(cleanText(cell.v)).replace(/[٫,]/g, '.').replace(/[%٪]$/, '');
  if (!/^\d+(\.\d+)?$/.test(text)) return Number.NaN;
  return Number(text);
}

/** PostgreSQL array literal of text (NULL for null): what `unnest($1::text[])` reads. */
function arrayLiteral(values) {
  const parts = new Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === null) parts[i] = 'NULL';
    else if (!NEEDS_ESCAPE.test(value)) parts[i] = `"${value}"`;
    else parts[i] = `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  }
  return `{${parts.join(',')}}`;
}

function fail(code, extra = {}) {
  parentPort.postMessage({ ok: false, code, ...extra });
}

function run() {
  const { file, format, config } = workerData;
  const { columns, reasons, genders, limits } = config;

  let workbook;
  try {
    workbook = XLSX.read(new Uint8Array(file), {
      type: 'array',
      dense: true,
      sheets: 0,
      // Twice the row limit: enough to count a list just over the limit, never the million rows of a trick.
      sheetRows: limits.maxRows * 2,
      cellFormula: true,
      cellHTML: false,
      cellNF: false,
      cellStyles: false,
      cellDates: false,
      sheetStubs: true,
      bookVBA: false,
      WTF: false,
    });
  } catch (error) {
    return fail('unreadable', { detail: String(error?.message ?? error).slice(0, 200) });
  }
  const sheetName = workbook.SheetNames[0];
  const sheet = sheetName === undefined ? undefined : workbook.Sheets[sheetName];
  // A sheet that could not be parsed comes back without data; a real workbook always has one sheet.
  if (!sheet) return fail(format === 'xls' ? 'unreadable' : 'noHeader');
  const rows = sheet['!data'] ?? [];
  const fullRange = sheet['!fullref'] ? XLSX.utils.decode_range(sheet['!fullref']) : undefined;
  if (fullRange && fullRange.e.r + 1 > limits.maxRows * 2) return fail('tooManyRows');

  // The header row: among the first rows that are not empty, the first naming every required column.
  const aliasToKey = new Map();
  for (const column of columns)
    for (const header of column.headers) aliasToKey.set(normalizeHeader(header), column.key);
  const required = columns.filter((column) => column.required).map((column) => column.key);

  let headerIndex = -1;
  let mapping = null;
  let seen = 0;
  for (let r = 0; r < rows.length && seen < limits.headerSearchRows; r++) {
    const row = rows[r];
    if (!row?.some((cell) => contentOf(cell) !== '')) continue;
    seen++;
    const keys = new Map();
    const ignored = [];
    for (let c = 0; c < row.length; c++) {
      const content = contentOf(row[c]);
      if (content === '' || content === NO_VALUE) continue;
      const header = cleanText(content.v);
      const key = aliasToKey.get(normalizeHeader(header));
      if (key && !keys.has(key)) keys.set(key, c);
      else if (header) ignored.push(header);
    }
    if (required.every((key) => keys.has(key))) {
      headerIndex = r;
      mapping = { keys, ignored };
      break;
    }
  }
  if (!mapping) return fail('noHeader');

  const at = (key) => mapping.keys.get(key) ?? -1;
  const index = {
    name: at('name'),
    nationalID: at('nationalID'),
    seatNo: at('seatNo'),
    phoneNumber: at('phoneNumber'),
    gender: at('gender'),
    totalGrade: at('totalGrade'),
    percentage: at('percentage'),
  };
  const used = [...mapping.keys.values()];
  const labelOf = new Map(columns.map((column) => [column.key, column.label]));
  const genderOf = new Map();
  for (const { label, accepted } of Object.values(genders))
    for (const value of accepted) genderOf.set(normalizeHeader(value), label);

  const out = {
    nationalId: [],
    name: [],
    seatNo: [],
    phoneNumber: [],
    gender: [],
    totalGrade: [],
    percentage: [],
  };
  const rejections = [];
  const nationalIdPattern = new RegExp(`^\\d{${limits.nationalIdDigits}}$`);
  const firstRowOf = new Map();
  let dataRows = 0;

  for (let r = headerIndex + 1; r < rows.length; r++) {
    const row = rows[r];
    if (!row) continue;
    let empty = true;
    for (const c of used) {
      if (contentOf(row[c]) !== '') {
        empty = false;
        break;
      }
    }
    if (empty) continue;
    dataRows++;
    if (dataRows > limits.maxRows) return fail('tooManyRows');

    const problems = [];
    const formulaIn = [];
    /** The cell of a column: '' when empty or absent, NO_VALUE (reported once, here) for a formula without value. */
    const read = (key) => {
      const content = index[key] < 0 ? '' : contentOf(row[index[key]]);
      if (content === NO_VALUE) formulaIn.push(labelOf.get(key));
      return content;
    };

    const nameCell = read('name');
    const name = nameCell === '' || nameCell === NO_VALUE ? '' : cleanText(nameCell.v);
    if (nameCell === NO_VALUE) {
      // reported as a formula
    } else if (!name) problems.push(reasons.nameRequired);
    else if (name.length > limits.nameMaxLength) problems.push(reasons.nameTooLong);

    const idCell = read('nationalID');
    let nationalId = '';
    let shownId = '';
    if (idCell === '') problems.push(reasons.nationalIdRequired);
    else if (idCell !== NO_VALUE) {
      const id = identifierOf(idCell);
      shownId = id.scientific ? id.shown : id.text;
      if (id.scientific) problems.push(reasons.nationalIdScientific);
      else if (!nationalIdPattern.test(id.text)) problems.push(reasons.nationalIdInvalid);
      else if (firstRowOf.has(id.text))
        problems.push(`${reasons.nationalIdDuplicate} ${firstRowOf.get(id.text)}`);
      else nationalId = id.text;
    }

    let seatNo = null;
    const seatCell = read('seatNo');
    if (seatCell !== '' && seatCell !== NO_VALUE) {
      const seat = identifierOf(seatCell);
      if (seat.scientific || !/^[A-Za-z0-9]+$/.test(seat.text) || seat.text.length > limits.seatNoMaxLength)
        problems.push(reasons.seatNoInvalid);
      else seatNo = seat.text;
    }

    let phoneNumber = null;
    const phoneCell = read('phoneNumber');
    if (phoneCell !== '' && phoneCell !== NO_VALUE) {
      const phone = identifierOf(phoneCell);
      let text = phone.scientific ? '' : phone.text;
      // An Egyptian mobile typed into a number cell lost its leading zero: 1012345678 → 01012345678.
      if (phone.number && /^1\d{9}$/.test(text)) text = `0${text}`;
      if (!/^\+?\d{8,15}$/.test(text)) problems.push(reasons.phoneInvalid);
      else phoneNumber = text;
    }

    let gender = null;
    const genderCell = read('gender');
    if (genderCell !== '' && genderCell !== NO_VALUE) {
      gender = genderOf.get(normalizeHeader(cleanText(genderCell.v))) ?? null;
      if (!gender) problems.push(reasons.genderInvalid);
    }

    let totalGrade = null;
    const totalCell = read('totalGrade');
    if (totalCell !== '' && totalCell !== NO_VALUE) {
      const value = decimalOf(totalCell, false);
      if (!Number.isFinite(value) || value < 0 || value >= 100_000) problems.push(reasons.totalGradeInvalid);
      else totalGrade = (Math.round(value * 100) / 100).toString();
    }

    let percentage = null;
    const percentageCell = read('percentage');
    if (percentageCell !== '' && percentageCell !== NO_VALUE) {
      const value = decimalOf(percentageCell, true);
      if (!Number.isFinite(value) || value < 0 || value > 100) problems.push(reasons.percentageInvalid);
      else percentage = (Math.round(value * 100) / 100).toString();
    }

    if (formulaIn.length > 0)
      problems.unshift(`${reasons.formulaWithoutValue} ${formulaIn.join(' و')} (${reasons.formulaHint})`);
    if (problems.length > 0) {
      rejections.push([r + 1, shownId, name, problems.join('؛ ')]);
      continue;
    }
    firstRowOf.set(nationalId, r + 1);
    out.nationalId.push(nationalId);
    out.name.push(name);
    out.seatNo.push(seatNo);
    out.phoneNumber.push(phoneNumber);
    out.gender.push(gender);
    out.totalGrade.push(totalGrade);
    out.percentage.push(percentage);
  }
  if (dataRows === 0) return fail('noRows');

  const literals = {};
  for (const [key, values] of Object.entries(out)) literals[key] = arrayLiteral(values);
  parentPort.postMessage({
    ok: true,
    result: {
      sheetName,
      headerRow: headerIndex + 1,
      ignoredColumns: mapping.ignored,
      accepted: out.nationalId.length,
      literals,
      rejections,
    },
  });
}

// Only as the reader's worker (the tests also import this file, for normalizeDigits).
if (parentPort && workerData?.job === 'student-sheet') run();
