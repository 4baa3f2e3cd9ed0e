import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { injectAs } from '../../../test/auth-helpers.js';
import { insertStudent } from '../../../test/builders.js';
import { createTestApp } from '../../../test/test-app.js';

const { app, database } = await createTestApp();
const FACULTY = 'كلية الآداب';

/** Names a spreadsheet program would run (formulas, DDE) or a browser would (HTML), one student each. */
const NAMES = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(2)>',
  '=HYPERLINK("http://x","y")',
  "+cmd|' /C calc'!A0",
  '-1+1',
  '@SUM(1)',
  '\t=1+1',
];

describe('the student export', () => {
  it('writes every hostile name as a text cell with its exact characters, never a formula', async () => {
    for (const name of NAMES) await insertStudent(database.db, { college: FACULTY, name, isComplete: true });
    const link = await injectAs(app, 'SUPERADMIN', {
      method: 'POST',
      url: '/api/v1/students/downloadStudentData/complete',
      payload: { faculty: FACULTY },
    });
    expect(link.statusCode).toBe(200);
    const file = await app.inject({ method: 'GET', url: link.json().path });
    expect(file.statusCode).toBe(200);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const cells = new Map<string, ExcelJS.Cell>();
    sheet.eachRow((row) => {
      const cell = row.getCell(1);
      cells.set(cell.text, cell);
    });
    for (const name of NAMES) {
      const cell = cells.get(name);
      expect(cell, JSON.stringify(name)).toBeDefined();
      expect([ExcelJS.ValueType.String, ExcelJS.ValueType.RichText]).toContain(cell?.type);
      expect(cell?.formula).toBeUndefined();
    }
  });
});
