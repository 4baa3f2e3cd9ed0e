import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_MESSAGES,
  AUDIT_UNKNOWN_ACTION_LABEL,
  auditActionLabel,
  auditListQuerySchema,
  decodeAuditCursor,
  encodeAuditCursor,
} from './audit.js';

const CURSOR = { at: '2026-03-01T08:00:00.123456Z', id: '0b7c0a5e-4a1f-4f7e-9d3c-2a1b3c4d5e6f' };

const firstMessage = (query: Record<string, unknown>) => {
  const result = auditListQuerySchema.safeParse(query);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('the audit cursor', () => {
  it('comes back as it went, and anything else is refused', () => {
    expect(decodeAuditCursor(encodeAuditCursor(CURSOR))).toEqual(CURSOR);
    for (const text of ['', 'x', '!!!', encodeAuditCursor({ ...CURSOR, id: 'nope' })])
      expect(decodeAuditCursor(text)).toBeNull();
    expect(decodeAuditCursor(btoa(`${CURSOR.at}|${CURSOR.id}|more`))).toBeNull();
    expect(decodeAuditCursor(btoa(`2026-03-01T08:00:00Z|${CURSOR.id}`))).toBeNull();
  });
});

describe('the audit filters', () => {
  it('normalise the national ID like the login, and take blank filters as none', () => {
    expect(auditListQuerySchema.parse({ nationalID: '٣٠١ ٠١', actor: '', faculty: '  ' })).toEqual({
      nationalID: '30101',
    });
    expect(auditListQuerySchema.parse({ cursor: encodeAuditCursor(CURSOR) })).toEqual({ cursor: CURSOR });
  });

  it('refuse each bad filter with its Arabic message', () => {
    expect(firstMessage({ actor: 'x' })).toBe(AUDIT_MESSAGES.actorInvalid);
    expect(firstMessage({ action: 'staff.nothing' })).toBe(AUDIT_MESSAGES.actionInvalid);
    expect(firstMessage({ from: '2026-02-29' })).toBe(AUDIT_MESSAGES.dateInvalid);
    expect(firstMessage({ from: '2026-03-02', to: '2026-03-01' })).toBe(AUDIT_MESSAGES.dateRangeInvalid);
    expect(firstMessage({ cursor: 'abc' })).toBe(AUDIT_MESSAGES.cursorInvalid);
  });
});

describe('auditActionLabel', () => {
  it('names every known action in Arabic, and any other under the generic label', () => {
    for (const [action, label] of Object.entries(AUDIT_ACTION_LABELS)) {
      expect(auditActionLabel(action)).toBe(label);
      expect(label).toMatch(/[\u0621-\u064a]/);
    }
    expect(auditActionLabel('toString')).toBe(AUDIT_UNKNOWN_ACTION_LABEL);
  });

  it('names the list reads and the refused print links of issue 33, so the screen can show and filter them', () => {
    for (const action of [
      'students.list',
      'students.review_queue',
      'interviews.day_list',
      'appointments.print_refused',
    ])
      expect(auditActionLabel(action)).not.toBe(AUDIT_UNKNOWN_ACTION_LABEL);
  });
});
