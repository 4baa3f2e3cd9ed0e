import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FORM_KINDS } from './form-kinds.js';
import { createFormVerifier, FORM_TOKEN_LENGTH } from './verification-token.js';

const verifier = createFormVerifier('a-secret-that-is-long-enough-for-the-tests-000');

describe('form verification tokens', () => {
  it.each(FORM_KINDS)('round-trip the claims of a %s form', (kind) => {
    const studentId = randomUUID();
    const token = verifier.sign({ studentId, kind, issuedAtMs: 1_767_225_600_123 });
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token).toHaveLength(FORM_TOKEN_LENGTH);
    expect(verifier.verify(token)).toEqual({ studentId, kind, issuedAtMs: 1_767_225_600_000 });
  });

  it('refuses any changed character, another secret and malformed input', () => {
    const token = verifier.sign({ studentId: randomUUID(), kind: 'admission', issuedAtMs: Date.now() });
    for (let i = 0; i < token.length; i++) {
      const changed = token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
      expect(verifier.verify(changed)).toBeNull();
    }
    expect(createFormVerifier('another-secret-that-is-long-enough-0000000').verify(token)).toBeNull();
    for (const bad of ['', 'x', `${token}A`, token.slice(1), `${token.slice(0, -1)}=`, '../'.repeat(18)])
      expect(verifier.verify(bad)).toBeNull();
  });

  it('accepts old tokens: a printed form is checked long after it was issued', () => {
    const token = verifier.sign({
      studentId: randomUUID(),
      kind: 'acquaintance',
      issuedAtMs: 1_000_000_000_000,
    });
    expect(verifier.verify(token)?.issuedAtMs).toBe(1_000_000_000_000);
  });
});
