import { MESSAGES, type StaffRole } from '@portal/common';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fails, GET_ME, signedInAs } from '@/components/admin/testing/staff-fixtures';
import { getCookie } from '@/lib/cookies';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const NAV = 'قائمة المسؤول';
const LINKS = {
  studentsInfo: 'بيانات الطلاب',
  review: 'مراجعة المستندات',
  notifications: 'الإشعارات',
  statistics: 'الإحصائيات',
  funnel: 'مسار القبول',
  uploadStudentInfo: 'رفع بيانات الطلاب',
  deleteStudentInfo: 'حذف بيانات الطلاب',
  schedule: 'جدولة الاختبار الشخصي',
  interviews: 'المقابلات الشخصية',
  colleges: 'إعدادات الكليات',
  quizBank: 'بنك أسئلة الاختبار',
  questionnaire: 'أسئلة الاستبيان',
  charter: 'ميثاق الطالب',
  contentColleges: 'الكليات والبرامج',
  seasons: 'الأعوام الدراسية',
  adminsManagement: 'إدارة المسؤولين',
  audit: 'سجل العمليات',
  updateAccountInfo: 'تحديث بيانات الحساب',
  changePassword: 'تغيير كلمة المرور',
  accountSecurity: 'أمان الحساب',
};
const LOGOUT = 'تسجيل الخروج';

async function navItems() {
  const nav = await screen.findByRole('navigation', { name: NAV });
  return [...nav.querySelectorAll('a, button')].map((item) => item.textContent);
}

describe('admin shell', () => {
  it.each<[StaffRole, boolean, string[]]>([
    [
      'SUPERADMIN',
      true,
      [
        LINKS.studentsInfo,
        LINKS.review,
        LINKS.notifications,
        LINKS.statistics,
        LINKS.funnel,
        LINKS.uploadStudentInfo,
        LINKS.deleteStudentInfo,
        LINKS.schedule,
        LINKS.interviews,
        LINKS.colleges,
        LINKS.quizBank,
        LINKS.questionnaire,
        LINKS.charter,
        LINKS.contentColleges,
        LINKS.seasons,
        LINKS.adminsManagement,
        LINKS.audit,
        LINKS.updateAccountInfo,
        LINKS.changePassword,
        LINKS.accountSecurity,
      ],
    ],
    [
      'SUPPORT',
      true,
      [
        LINKS.studentsInfo,
        LINKS.review,
        LINKS.notifications,
        LINKS.funnel,
        LINKS.uploadStudentInfo,
        LINKS.changePassword,
        LINKS.accountSecurity,
      ],
    ],
    [
      'ADMIN',
      true,
      [
        LINKS.studentsInfo,
        LINKS.review,
        LINKS.notifications,
        LINKS.funnel,
        LINKS.changePassword,
        LINKS.accountSecurity,
      ],
    ],
    ['ADMIN', false, [LINKS.updateAccountInfo, LINKS.changePassword]],
    [
      'SOCIAL_ADMIN',
      true,
      [
        LINKS.review,
        LINKS.funnel,
        LINKS.schedule,
        LINKS.interviews,
        LINKS.changePassword,
        LINKS.accountSecurity,
      ],
    ],
    ['SUPPORT', false, [LINKS.changePassword]],
  ])(
    'shows %s (password changed: %s) only its own links and logout',
    async (role, passwordChanged, links) => {
      mockApi(signedInAs(role, passwordChanged));
      renderApp('/admin/changePassword');
      expect(await navItems()).toEqual([...links, LOGOUT]);
    },
  );

  it('shows no navigation while the role is still unknown', async () => {
    const { fetchMock } = mockApi(signedInAs('SUPERADMIN'));
    const answer = fetchMock.getMockImplementation();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/users/getMe')) await gate;
      if (!answer) throw new Error('no mock');
      return answer(input, init);
    });
    renderApp('/admin/statistics');
    expect(await screen.findByRole('status', { name: MESSAGES.loading })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: NAV })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('navigation', { name: NAV })).toBeInTheDocument();
  });

  it('holds an account that has not changed its password at the password change', async () => {
    mockApi(signedInAs('ADMIN', false));
    const { router } = renderApp('/admin/studentsInfo');
    expect(await screen.findByLabelText('كلمة المرور الحالية')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/changePassword');
  });

  it('lets an ADMIN correct its account before the password change, not after', async () => {
    mockApi(signedInAs('ADMIN', true));
    renderApp('/admin/updateAccountInfo');
    expect(await screen.findByText(MESSAGES.noAccess)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'حفظ البيانات' })).not.toBeInTheDocument();
  });

  it.each<StaffRole>(['ADMIN', 'SUPPORT', 'SOCIAL_ADMIN'])(
    'sends %s from the statistics to the staff login (spec section 2)',
    async (role) => {
      mockApi(signedInAs(role));
      const { router } = renderApp('/admin/statistics');
      expect(await screen.findByLabelText('اسم المستخدم')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/admin/login');
      expect(screen.queryByText(MESSAGES.noAccess)).not.toBeInTheDocument();
    },
  );

  it.each([
    '/admin/studentsInfo',
    '/admin/statistics',
    '/admin/changePassword',
    '/admin/students/10000000-0000-4000-8000-000000000001',
  ])(
    'holds an account that must enrol a second factor at the account security screen, from %s',
    async (path) => {
      mockApi(signedInAs('SUPERADMIN', true, { twoFactorRequired: true }));
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { name: 'أمان الحساب' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/admin/accountSecurity');
      // Only the enrolment and signing out: no other screen in the menu.
      expect(await navItems()).toEqual([LINKS.accountSecurity, LOGOUT]);
    },
  );

  it('holds an account at the password change before the second factor enrolment', async () => {
    mockApi(signedInAs('SUPPORT', false, { twoFactorRequired: true }));
    const { router } = renderApp('/admin/accountSecurity');
    expect(await screen.findByLabelText('كلمة المرور الحالية')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/changePassword');
  });

  it.each<[StaffRole, string]>([
    ['ADMIN', '/admin/adminsManagement'],
    ['SUPPORT', '/admin/deleteStudentInfo'],
    ['SOCIAL_ADMIN', '/admin/studentsInfo'],
    ['ADMIN', '/admin/uploadStudentInfo'],
    ['SUPPORT', '/admin/schedule'],
    ['ADMIN', '/admin/interviews'],
    ['SOCIAL_ADMIN', '/admin/notifications'],
    ['ADMIN', '/admin/colleges'],
    ['SUPPORT', '/admin/colleges'],
    ['ADMIN', '/admin/content/quiz'],
    ['SUPPORT', '/admin/content/questionnaire'],
    ['ADMIN', '/admin/content/charter'],
    ['SOCIAL_ADMIN', '/admin/content/colleges'],
    ['SUPPORT', '/admin/seasons'],
    ['ADMIN', '/admin/seasons'],
  ])('tells %s it cannot open %s', async (role, path) => {
    mockApi(signedInAs(role));
    const { router } = renderApp(path);
    expect(await screen.findByText(MESSAGES.noAccess)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('holds an account that has not changed its password at the password change on a student record too', async () => {
    mockApi(signedInAs('SUPPORT', false));
    const { router } = renderApp('/admin/students/10000000-0000-4000-8000-000000000001');
    expect(await screen.findByLabelText('كلمة المرور الحالية')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/changePassword');
  });

  it('ends a session the server no longer accepts', async () => {
    mockApi({ ...signedInAs('SUPERADMIN'), [GET_ME]: () => fails(401, MESSAGES.sessionInvalid) });
    const { router } = renderApp('/admin/statistics');
    expect(await screen.findByLabelText('اسم المستخدم')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(await screen.findByText(MESSAGES.sessionInvalid)).toBeInTheDocument();
    expect([getCookie('token'), getCookie('role'), getCookie('name')]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('logout forgets the token, role, faculty and name and opens the login', async () => {
    mockApi(signedInAs('ADMIN'));
    const { router, user } = renderApp('/admin/changePassword');
    const nav = await screen.findByRole('navigation', { name: NAV });
    await user.click(within(nav).getByRole('button', { name: LOGOUT }));
    expect(await screen.findByLabelText('اسم المستخدم')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(['token', 'role', 'faculty', 'name'].map((name) => getCookie(name as 'token'))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('opens the same links from the phone menu in a labelled drawer', async () => {
    mockApi(signedInAs('SOCIAL_ADMIN'));
    const { user } = renderApp('/admin/changePassword');
    const burger = await screen.findByRole('button', { name: 'فتح قائمة المسؤول' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await user.click(burger);
    const drawer = await screen.findByRole('dialog', { name: NAV });
    expect(within(drawer).getByRole('link', { name: LINKS.schedule })).toBeInTheDocument();
    await user.click(within(drawer).getByRole('link', { name: LINKS.schedule }));
    expect(screen.queryByRole('dialog', { name: NAV })).not.toBeInTheDocument();
  });
});
