import type { StudentData } from '@portal/common';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setCookie } from '@/lib/cookies';
import { mockApi, studentLookup } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const SOCIAL_WORK = 'كلية الخدمة الاجتماعية';

async function openStudentDataView(flags: Partial<StudentData>) {
  setCookie('nationalID', '29901012345678');
  mockApi({ 'POST /api/v1/students/getStudent': () => ({ body: studentLookup(flags) }) });
  renderApp('/');
  await screen.findByRole('rowheader', { name: 'الاسم' });
}

const actionNames = () =>
  within(screen.getByRole('main'))
    .queryAllByRole('link')
    .map((link) => link.textContent);

describe('student data view', () => {
  it('lists the name/value pairs of the lookup', async () => {
    await openStudentDataView({});
    expect(screen.getByRole('rowheader', { name: 'الاسم' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'منى أحمد علي' })).toBeInTheDocument();
  });

  it.each([
    [{ isComplete: false, college: SOCIAL_WORK }, ['استكمال البيانات']],
    [{ isComplete: true, college: 'كلية الآداب' }, ['تعديل البيانات', 'تنزيل الاستمارات']],
    [
      { isComplete: true, college: SOCIAL_WORK },
      ['تعديل البيانات', 'تنزيل الاستمارات', 'موعد الاختبار الشخصي'],
    ],
  ])('with %o offers %o', async (flags, expected) => {
    await openStudentDataView(flags);
    expect(actionNames()).toEqual(expected);
  });
});
