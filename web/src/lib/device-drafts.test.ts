import { afterEach, describe, expect, it } from 'vitest';
import { COMPLETE_DATA_DRAFT_PREFIX, DOCUMENT_UPLOAD_PREFIX, removeDraftsExcept } from './device-drafts';

afterEach(() => window.localStorage.clear());

describe('removeDraftsExcept', () => {
  it("removes other students' drafts and keeps the named one and unrelated keys", () => {
    window.localStorage.setItem(`${COMPLETE_DATA_DRAFT_PREFIX}a`, '{}');
    window.localStorage.setItem(`${COMPLETE_DATA_DRAFT_PREFIX}b`, '{}');
    window.localStorage.setItem('other', '1');
    removeDraftsExcept('a');
    expect(window.localStorage.getItem(`${COMPLETE_DATA_DRAFT_PREFIX}a`)).toBe('{}');
    expect(window.localStorage.getItem(`${COMPLETE_DATA_DRAFT_PREFIX}b`)).toBeNull();
    expect(window.localStorage.getItem('other')).toBe('1');
  });

  it('removes every draft at logout', () => {
    window.localStorage.setItem(`${COMPLETE_DATA_DRAFT_PREFIX}a`, '{}');
    removeDraftsExcept(null);
    expect(window.localStorage.getItem(`${COMPLETE_DATA_DRAFT_PREFIX}a`)).toBeNull();
  });
});

describe('removeDraftsExcept and the kept uploads', () => {
  it("removes other students' upload addresses at login and every one at logout", () => {
    window.localStorage.setItem(`${DOCUMENT_UPLOAD_PREFIX}a:frontIdCard`, '{}');
    window.localStorage.setItem(`${DOCUMENT_UPLOAD_PREFIX}ab:frontIdCard`, '{}');
    removeDraftsExcept('a');
    expect(window.localStorage.getItem(`${DOCUMENT_UPLOAD_PREFIX}a:frontIdCard`)).toBe('{}');
    // A student id that only starts like the kept one is another student.
    expect(window.localStorage.getItem(`${DOCUMENT_UPLOAD_PREFIX}ab:frontIdCard`)).toBeNull();
    removeDraftsExcept(null);
    expect(window.localStorage.length).toBe(0);
  });
});
