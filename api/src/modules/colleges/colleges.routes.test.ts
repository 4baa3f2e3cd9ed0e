import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';

const { app } = await createTestApp();
const programsUrl = (college: string) => `/api/v1/colleges/tourism/${encodeURIComponent(college)}/programs`;

describe('GET /colleges', () => {
  it('lists the seeded colleges in data.data', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/colleges' });
    expect(res.statusCode).toBe(200);
    const names: string[] = res.json().data.data;
    expect(names).toContain('كلية الخدمة الاجتماعية');
    expect(names.filter((n) => n.startsWith('كلية السياحة والفنادق'))).toHaveLength(2);
    expect(names.length).toBeGreaterThanOrEqual(15);
  });
});

describe('GET /colleges/tourism/{college}/programs', () => {
  it('lists a tourism college programs in data.data', async () => {
    const res = await app.inject({ method: 'GET', url: programsUrl('كلية السياحة والفنادق') });
    expect(res.statusCode).toBe(200);
    const programs: string[] = res.json().data.data;
    expect(programs.length).toBeGreaterThanOrEqual(3);
    expect(programs).toContain('الدراسات الفندقية');
  });

  it('refuses a college that offers no program choice', async () => {
    const res = await app.inject({ method: 'GET', url: programsUrl('كلية الهندسة') });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: 'هذه الكلية ليس لها برامج للاختيار' });
  });

  it('refuses an unknown college', async () => {
    const res = await app.inject({ method: 'GET', url: programsUrl('كلية غير موجودة') });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: 'الكلية غير موجودة' });
  });
});
