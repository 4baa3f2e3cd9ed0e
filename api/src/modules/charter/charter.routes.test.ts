import { describe, expect, it } from 'vitest';
import { pdfPageCount, pdfText } from '../../../test/pdf-text.js';
import { createTestApp } from '../../../test/test-app.js';

const { app } = await createTestApp({ UNIVERSITY_NAME: 'جامعة الاختبار' });

describe('GET /students/getStudentBook', () => {
  it('answers the multi-page Arabic charter as a PDF attachment', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/students/getStudentBook' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('filename="student-charter.pdf"');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''");
    const pdf = res.rawPayload;
    expect(pdfPageCount(pdf)).toBeGreaterThanOrEqual(3);
    const text = pdfText(pdf);
    // pdftotext splits the lam-alef ligature, so whole words without it are checked.
    expect(text).toContain('جامعة');
    expect(text).toContain('ميثاق');
    expect(text).toContain('صفحة');
  });

  it('serves the same bytes again without rendering anew', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/v1/students/getStudentBook' });
    const second = await app.inject({ method: 'GET', url: '/api/v1/students/getStudentBook' });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });
});
