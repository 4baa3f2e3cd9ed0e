import { RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN } from '@portal/common';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { expectedModules, svgModules } from '../forms/testing/qr-matrix.js';
import {
  acceptedTotpStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  qrDataUrl,
  recoveryCodeHash,
  totpSecretSealer,
} from './two-factor.rules.js';

/** RFC 6238 appendix B: the ASCII secret '12345678901234567890' (SHA-1), in base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
/** A fixed clock: 2031-01-15 09:00:00 UTC, the first second of a 30-second step. */
const EPOCH = Date.UTC(2031, 0, 15, 9, 0, 0) / 1000;
const STEP = EPOCH / 30;

const codeAt = (secret: string, epoch: number) => generate({ secret, epoch });

describe('acceptedTotpStep', () => {
  it('agrees with the test vectors of RFC 6238 (the last six of its eight digits)', async () => {
    // 59 s → 94287082, 1111111109 s → 07081804, 2000000000 s → 69279037 (SHA-1).
    for (const [epoch, code] of [
      [59, '287082'],
      [1111111109, '081804'],
      [2000000000, '279037'],
    ] as const) {
      expect(await acceptedTotpStep(RFC_SECRET, code, { epochSeconds: epoch, afterStep: null })).toBe(
        Math.floor(epoch / 30),
      );
    }
  });

  it('takes the code of the step before and after the current one, and no further', async () => {
    const secret = newTotpSecret();
    const at = (offsetSteps: number) => codeAt(secret, EPOCH + offsetSteps * 30);
    const check = async (code: string) =>
      acceptedTotpStep(secret, code, { epochSeconds: EPOCH + 10, afterStep: null });
    expect(await check(await at(0))).toBe(STEP);
    expect(await check(await at(-1))).toBe(STEP - 1);
    expect(await check(await at(1))).toBe(STEP + 1);
    expect(await check(await at(-2))).toBeNull();
    expect(await check(await at(2))).toBeNull();
  });

  it('refuses a step at or before the last one used, so a code serves once', async () => {
    const secret = newTotpSecret();
    const code = await codeAt(secret, EPOCH);
    expect(await acceptedTotpStep(secret, code, { epochSeconds: EPOCH, afterStep: STEP })).toBeNull();
    expect(await acceptedTotpStep(secret, code, { epochSeconds: EPOCH, afterStep: STEP + 1 })).toBeNull();
    expect(await acceptedTotpStep(secret, code, { epochSeconds: EPOCH, afterStep: STEP - 1 })).toBe(STEP);
  });

  it('refuses what is not six digits, and another secret’s code', async () => {
    const secret = RFC_SECRET;
    const code = await codeAt(secret, EPOCH);
    const options = { epochSeconds: EPOCH, afterStep: null };
    expect(await acceptedTotpStep(secret, `${code}0`, options)).toBeNull();
    expect(await acceptedTotpStep(secret, code.slice(1), options)).toBeNull();
    expect(await acceptedTotpStep(secret, 'ABCDEF', options)).toBeNull();
    expect(await acceptedTotpStep('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', code, options)).toBeNull();
  });
});

describe('enrolment', () => {
  it('makes a base32 secret of 160 bits, new each time', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('names the university as issuer and the user name as account in the otpauth URL', () => {
    const url = new URL(otpauthUrl(RFC_SECRET, 'جامعة حلوان', 'super.admin'));
    // WHATWG URL reads `otpauth://totp/label` as host `totp` and path `/label`.
    expect([url.protocol, url.host]).toEqual(['otpauth:', 'totp']);
    expect(decodeURIComponent(url.pathname)).toBe('/جامعة حلوان:super.admin');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      secret: RFC_SECRET,
      issuer: 'جامعة حلوان',
    });
    // Every authenticator app's defaults: six digits, 30 seconds (stated or left out).
    expect(url.searchParams.get('digits') ?? '6').toBe('6');
    expect(url.searchParams.get('period') ?? '30').toBe('30');
  });

  it('draws the URL as an SVG data URL whose QR code holds exactly that URL', async () => {
    const url = otpauthUrl(RFC_SECRET, 'جامعة حلوان', 'super.admin');
    const dataUrl = await qrDataUrl(url);
    const prefix = 'data:image/svg+xml;base64,';
    expect(dataUrl.startsWith(prefix)).toBe(true);
    const svg = Buffer.from(dataUrl.slice(prefix.length), 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg /);
    expect(svgModules(svg, 2)).toEqual(expectedModules(url, 'M'));
  });

  it('makes ten distinct recovery codes of the shared pattern, and hashes them with SHA-256', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    // sha256sum of the ten characters, as any tool computes it.
    expect(recoveryCodeHash('ABCDEFGH23')).toBe(
      '17190666e16f8d07ca35531be8ac05a695b08ec80bc1ef7303ebf76bba91be49',
    );
  });
});

describe('totpSecretSealer', () => {
  const sealer = totpSecretSealer('test-secret-that-is-long-enough-for-hmac-signing');
  const staffId = '6f1c1b1e-8a57-4c4b-9b0e-1d2c3b4a5f60';
  const otherStaffId = '0b7c6d5e-4f3a-4b2c-8d1e-0f9a8b7c6d5e';

  it('opens what it sealed, and the sealed text shows nothing of the secret', () => {
    const secret = newTotpSecret();
    const sealed = sealer.seal(secret, staffId);
    expect(sealed).not.toContain(secret);
    expect(sealed).not.toContain(Buffer.from(secret).toString('base64url'));
    expect(sealer.open(sealed, staffId)).toBe(secret);
    // A new nonce each time: the same secret never seals to the same text.
    expect(sealer.seal(secret, staffId)).not.toBe(sealed);
  });

  it('opens nothing sealed for another account, under another key, or changed in any part', () => {
    const sealed = sealer.seal(RFC_SECRET, staffId);
    expect(sealer.open(sealed, otherStaffId)).toBeNull();
    expect(totpSecretSealer('another-secret-that-is-long-enough-0000').open(sealed, staffId)).toBeNull();
    const parts = sealed.split('.');
    for (let i = 1; i < parts.length; i++) {
      const changed = [...parts];
      const part = changed[i] as string;
      // The first character: the last one of a base64url text may carry bits no byte uses.
      changed[i] = `${part.startsWith('A') ? 'B' : 'A'}${part.slice(1)}`;
      expect(sealer.open(changed.join('.'), staffId)).toBeNull();
    }
    const [version, iv, tag, data] = parts as [string, string, string, string];
    // A tag cut short is refused (GCM would otherwise accept down to 4 bytes).
    expect(sealer.open([version, iv, tag.slice(0, 6), data].join('.'), staffId)).toBeNull();
    expect(sealer.open(`v2.${iv}.${tag}.${data}`, staffId)).toBeNull();
    expect(sealer.open('not sealed', staffId)).toBeNull();
  });
});
