import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, draftChanges, draftKey, loadDraft, saveDraft } from './draft-storage';
import { emptyForm } from './form-values';

const ID = 'b3c1f6de-3a6f-4f0e-9d7e-2f1f1f0c9a10';

afterEach(() => {
  window.localStorage.clear();
});

describe('the complete-data draft', () => {
  it('is kept per student and read back', () => {
    saveDraft(ID, { studentNameEn: 'Mona', address: 'المنصورة' });
    expect(loadDraft(ID)).toEqual({ studentNameEn: 'Mona', address: 'المنصورة' });
    expect(loadDraft('another-student')).toBeNull();
    expect(window.localStorage.getItem(draftKey(ID))).toContain('"version":1');
  });

  it('is gone once cleared', () => {
    saveDraft(ID, { studentNameEn: 'Mona' });
    clearDraft(ID);
    expect(loadDraft(ID)).toBeNull();
  });

  it('ignores broken or foreign data and unknown fields', () => {
    window.localStorage.setItem(draftKey(ID), '{not json');
    expect(loadDraft(ID)).toBeNull();
    window.localStorage.setItem(draftKey(ID), JSON.stringify({ version: 99, values: { email: 'a' } }));
    expect(loadDraft(ID)).toBeNull();
    window.localStorage.setItem(
      draftKey(ID),
      JSON.stringify({ version: 1, values: { email: 'a@b.co', photo: 'x', percentage: 90 } }),
    );
    expect(loadDraft(ID)).toEqual({ email: 'a@b.co' });
  });

  it('costs only the draft when the storage refuses to write', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => saveDraft(ID, { email: 'a@b.co' })).not.toThrow();
    expect(warn).toHaveBeenCalled();
    setItem.mockRestore();
  });

  it('tells which typed values differ from what the server holds', () => {
    const base = { ...emptyForm(), email: 'old@example.com', address: 'المنصورة' };
    expect(draftChanges({ email: 'new@example.com', address: 'المنصورة' }, base)).toEqual({
      email: 'new@example.com',
    });
    expect(draftChanges({ address: 'المنصورة' }, base)).toEqual({});
  });
});
