import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';

/** One column of a produced sheet: its Arabic header, width in characters, and whether it holds digits as text. */
export interface SheetColumn {
  header: string;
  width?: number;
  /** Text format ('@'): an ID or phone typed into the cell later stays text, with its leading zeros. */
  text?: boolean;
}

export type CellValue = string | number | boolean | Date | null | undefined;

/**
 * Text that a spreadsheet program could take for a formula (`= + - @`, and tab or carriage return that some
 * programs skip before one). Such a value is written as an inline rich-text string (`t="inlineStr"`), which no
 * program evaluates, with its content unchanged (no apostrophe is prepended: a phone such as '+2010…' must
 * read as typed). Every other text is a plain string cell (`t="str"` with a value and no formula). No cell is
 * ever written with a formula.
 */
const FORMULA_LIKE = /^[=+\-@\t\r]/;

export function safeCellValue(value: CellValue): ExcelJS.CellValue {
  // No cell at all for an empty value (exceljs skips undefined): nothing to write, nothing to style.
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string' && FORMULA_LIKE.test(value)) return { richText: [{ text: value }] };
  return value;
}

/** Resolves once the stream can take more (or is gone: a download the browser abandoned). */
export function drained(stream: Writable): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

const HEADER_STYLE: Partial<ExcelJS.Style> = { font: { bold: true } };
const NO_STYLE: Partial<ExcelJS.Style> = {};

export interface XlsxStream {
  /** The .xlsx bytes as they are produced: send this as the response body. */
  output: PassThrough;
  /** Writes one row at once (it is not kept in memory). */
  addRow(values: readonly CellValue[]): void;
  /** Waits while the reader is behind, so memory stays flat whatever the download speed. */
  drained(): Promise<void>;
  /** Adds another sheet (e.g. notes under a report); rows go to it from then on. */
  addSheet(name: string, columns: readonly SheetColumn[]): void;
  /** Finishes the workbook; `output` ends when the last byte is written. */
  finish(): Promise<void>;
}

/**
 * A streaming .xlsx writer (exceljs WorkbookWriter): rows are committed one by one and zipped as they come, so a
 * 100,000-row export never exists whole in memory. Sheets are right-to-left with Arabic headers in a bold,
 * frozen first row.
 */
export function xlsxStream(sheetName: string, columns: readonly SheetColumn[]): XlsxStream {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    // Shared strings would keep every distinct text of the export in memory until the end.
    useSharedStrings: false,
  });
  let sheet: ExcelJS.Worksheet | undefined;

  // exceljs looks a cell's style up by object identity (a WeakMap) before it serialises and compares it: one
  // shared style object per column keeps that lookup O(1). A fresh object per cell (what column styles give)
  // made styling two thirds of an export's time.
  let styles: Partial<ExcelJS.Style>[] = [];

  function addSheet(name: string, sheetColumns: readonly SheetColumn[]): ExcelJS.Worksheet {
    sheet?.commit();
    const added = workbook.addWorksheet(name, {
      views: [{ rightToLeft: true, state: 'frozen', ySplit: 1 }],
    });
    added.columns = sheetColumns.map((column, index) => ({ key: `c${index}`, width: column.width ?? 18 }));
    styles = sheetColumns.map((column) => (column.text ? { numFmt: '@' } : {}));
    const header = added.addRow(sheetColumns.map((column) => column.header));
    header.eachCell((cell) => {
      cell.style = HEADER_STYLE;
    });
    header.commit();
    sheet = added;
    return added;
  }
  let current = addSheet(sheetName, columns);

  return {
    output,
    addRow(values) {
      const row = current.addRow(values.map(safeCellValue));
      (row as unknown as { style: Partial<ExcelJS.Style> }).style = NO_STYLE;
      row.eachCell((cell, column) => {
        cell.style = styles[column - 1] ?? NO_STYLE;
      });
      row.commit();
    },
    drained: () => drained(output),
    addSheet(name, sheetColumns) {
      current = addSheet(name, sheetColumns);
    },
    async finish() {
      current.commit();
      await workbook.commit();
    },
  };
}
