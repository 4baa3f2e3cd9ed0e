import { notifications } from '@mantine/notifications';
import { TWO_FACTOR_MESSAGES } from '@portal/common';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fails, GET_ME, ok, signedInAs } from '@/components/admin/testing/staff-fixtures';
import { getCookie } from '@/lib/cookies';
import { type Handler, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { groupSecret } from './two-factor-section';

const SETUP = 'POST /api/v1/users/twoFactor/setup';
const ENABLE = 'POST /api/v1/users/twoFactor/enable';
const DISABLE = 'POST /api/v1/users/twoFactor/disable';
const SIGN_OUT_EVERYWHERE = 'POST /api/v1/users/signOutEverywhere';
const NAV = 'قائمة المسؤول';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const QR = 'data:image/svg+xml;base64,PHN2Zy8+';
const RECOVERY = [
  'A2B3C4D5E6',
  'F7G8H9J2K3',
  'L4M5N6P7Q8',
  'R9S2T3U4V5',
  'W6X7Y8Z2A3',
  'B4C5D6E7F8',
  'G9H2J3K4L5',
  'M6N7P8Q9R2',
  'S3T4U5V6W7',
  'X8Y9Z2A3B4',
];

const setupAnswer = () =>
  ok({ data: { secret: SECRET, otpauthUrl: `otpauth://totp/x:staff?secret=${SECRET}`, qr: QR } });
const enabledAnswer = () => ok({ message: TWO_FACTOR_MESSAGES.enabled, data: { recoveryCodes: RECOVERY } });

async function openScreen(signedIn: Record<string, Handler>, handlers: Record<string, Handler> = {}) {
  const api = mockApi({ ...signedIn, ...handlers });
  const app = renderApp('/admin/accountSecurity');
  await screen.findByRole('heading', { name: 'أمان الحساب' });
  return { ...app, api };
}

const twoFactorSection = () => screen.getByRole('region', { name: /التحقق بخطوتين/ });

// Notices outlive a test in Mantine's store; a full queue would hold back the next test's notices.
afterEach(() => {
  act(() => notifications.clean());
});

describe('account security: turning the second factor on', () => {
  it('shows the QR code and the key, confirms a code, and shows the ten recovery codes once', async () => {
    const { user, api } = await openScreen(signedInAs('SUPPORT'), {
      [SETUP]: setupAnswer,
      [ENABLE]: enabledAnswer,
    });
    expect(within(twoFactorSection()).getByText('غير مفعّل')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'تفعيل التحقق بخطوتين' }));

    const qr = await screen.findByRole('img', { name: 'رمز QR لإضافة هذا الحساب إلى تطبيق المصادقة' });
    expect(qr).toHaveAttribute('src', QR);
    const secret = screen.getByTestId('two-factor-secret');
    expect(secret).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(secret).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('button', { name: 'نسخ المفتاح' })).toBeInTheDocument();

    const code = screen.getByLabelText('رمز التحقق');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '٤٥٦ ٧٨٩');
    await user.click(screen.getByRole('button', { name: 'تأكيد التفعيل' }));

    const codes = await screen.findByRole('list', { name: 'رموز الاسترداد' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY);
    expect(codes).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText('احفظ رموز الاسترداد الآن، فلن تظهر مرة أخرى')).toBeInTheDocument();
    const download = screen.getByRole('link', { name: 'تنزيل كملف نصي' });
    expect(download).toHaveAttribute('download', 'recovery-codes.txt');
    expect(decodeURIComponent(download.getAttribute('href') ?? '')).toBe(
      `data:text/plain;charset=utf-8,${RECOVERY.join('\n')}\n`,
    );
    expect(api.bodiesOf(ENABLE)).toEqual([{ code: '456789' }]);
    expect(within(twoFactorSection()).getByText('مفعّل')).toBeInTheDocument();

    // Once closed, the codes are gone for good.
    await user.click(screen.getByRole('button', { name: 'حفظت الرموز' }));
    expect(screen.queryByRole('list', { name: 'رموز الاسترداد' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إيقاف التحقق بخطوتين' })).toBeInTheDocument();
  });

  it('refuses a code of the wrong shape without asking, and shows the server refusing a wrong one', async () => {
    const { user, api } = await openScreen(signedInAs('SUPPORT'), {
      [SETUP]: setupAnswer,
      [ENABLE]: () => fails(400, TWO_FACTOR_MESSAGES.codeWrong),
    });
    await user.click(screen.getByRole('button', { name: 'تفعيل التحقق بخطوتين' }));
    const code = await screen.findByLabelText('رمز التحقق');
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'تأكيد التفعيل' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeInvalidFormat)).toBeInTheDocument();
    expect(api.bodiesOf(ENABLE)).toEqual([]);

    await user.clear(code);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'تأكيد التفعيل' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeWrong)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('list', { name: 'رموز الاسترداد' })).not.toBeInTheDocument();
    expect(within(twoFactorSection()).getByText('غير مفعّل')).toBeInTheDocument();
  });

  it('cancels a setup without turning anything on', async () => {
    const { user, api } = await openScreen(signedInAs('SUPPORT'), { [SETUP]: setupAnswer });
    await user.click(screen.getByRole('button', { name: 'تفعيل التحقق بخطوتين' }));
    await screen.findByTestId('two-factor-secret');
    await user.click(screen.getByRole('button', { name: 'إلغاء' }));
    expect(screen.queryByTestId('two-factor-secret')).not.toBeInTheDocument();
    expect(api.bodiesOf(ENABLE)).toEqual([]);
  });

  it('lets an account held for enrolment go on to every screen once its second factor is on', async () => {
    const { user } = await openScreen(signedInAs('SUPERADMIN', true, { twoFactorRequired: true }), {
      [SETUP]: setupAnswer,
      [ENABLE]: enabledAnswer,
    });
    expect(screen.getByText(TWO_FACTOR_MESSAGES.enrolmentRequired)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: NAV });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['أمان الحساب']);
    await user.click(screen.getByRole('button', { name: 'تفعيل التحقق بخطوتين' }));
    await user.type(await screen.findByLabelText('رمز التحقق'), '123456');
    await user.click(screen.getByRole('button', { name: 'تأكيد التفعيل' }));
    // The codes stay on screen while the menu opens up.
    expect(await screen.findByRole('list', { name: 'رموز الاسترداد' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'إدارة المسؤولين' })).toBeInTheDocument();
    expect(screen.queryByText(TWO_FACTOR_MESSAGES.enrolmentRequired)).not.toBeInTheDocument();
  });
});

describe('account security: turning the second factor off', () => {
  it('asks for the password and a code, then asks the server for the account again', async () => {
    let enabled = true;
    const signedIn = signedInAs('SUPPORT', true, { twoFactorEnabled: true });
    const me = signedIn[GET_ME];
    const { user, api } = await openScreen(
      {
        ...signedIn,
        [GET_ME]: (request) => {
          const answer = me?.(request);
          const body = answer?.body as { data: { user: Record<string, unknown> } };
          return { body: { ...body, data: { user: { ...body.data.user, twoFactorEnabled: enabled } } } };
        },
      },
      {
        [DISABLE]: () => {
          enabled = false;
          return ok({ message: TWO_FACTOR_MESSAGES.disabled });
        },
      },
    );
    expect(within(twoFactorSection()).getByText('مفعّل')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إيقاف التحقق بخطوتين' }));
    await user.click(await screen.findByRole('button', { name: 'تأكيد الإيقاف' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeRequired)).toBeInTheDocument();
    expect(api.bodiesOf(DISABLE)).toEqual([]);

    await user.type(screen.getByLabelText('كلمة المرور'), 'Secret123');
    await user.type(screen.getByLabelText('رمز التحقق'), 'abcde 23456');
    await user.click(screen.getByRole('button', { name: 'تأكيد الإيقاف' }));
    expect(await within(twoFactorSection()).findByText('غير مفعّل')).toBeInTheDocument();
    expect(api.bodiesOf(DISABLE)).toEqual([{ password: 'Secret123', code: 'ABCDE23456' }]);
    expect(screen.getByRole('button', { name: 'تفعيل التحقق بخطوتين' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a wrong password or code", async () => {
    const { user } = await openScreen(signedInAs('ADMIN', true, { twoFactorEnabled: true }), {
      [DISABLE]: () => fails(400, TWO_FACTOR_MESSAGES.disableProofWrong),
    });
    await user.click(screen.getByRole('button', { name: 'إيقاف التحقق بخطوتين' }));
    await user.type(await screen.findByLabelText('كلمة المرور'), 'Secret123');
    await user.type(screen.getByLabelText('رمز التحقق'), '111111');
    await user.click(screen.getByRole('button', { name: 'تأكيد الإيقاف' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.disableProofWrong)).toBeInTheDocument();
    expect(within(twoFactorSection()).getByText('مفعّل')).toBeInTheDocument();
  });
});

describe('account security: signing out everywhere', () => {
  it('asks first, then ends this browser session too and opens the staff login', async () => {
    const { user, api, router } = await openScreen(signedInAs('SOCIAL_ADMIN'), {
      [SIGN_OUT_EVERYWHERE]: () => ok({ message: TWO_FACTOR_MESSAGES.signedOutEverywhere }),
    });
    await user.click(screen.getByRole('button', { name: 'تسجيل الخروج من جميع الأجهزة' }));
    const dialog = await screen.findByRole('dialog', { name: 'هل تريد تسجيل الخروج من جميع الأجهزة؟' });
    await user.click(within(dialog).getByRole('button', { name: 'لا' }));
    expect(api.bodiesOf(SIGN_OUT_EVERYWHERE)).toEqual([]);
    expect(getCookie('token')).toBe('test-token');

    await user.click(screen.getByRole('button', { name: 'تسجيل الخروج من جميع الأجهزة' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'هل تريد تسجيل الخروج من جميع الأجهزة؟' })).getByRole(
        'button',
        { name: 'نعم' },
      ),
    );
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.signedOutEverywhere)).toBeInTheDocument();
    expect(await screen.findByLabelText('اسم المستخدم')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(api.bodiesOf(SIGN_OUT_EVERYWHERE)).toEqual([undefined]);
    expect([getCookie('token'), getCookie('role'), getCookie('name')]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('groupSecret', () => {
  it('splits the key in fours, the last group shorter', () => {
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});
