import { describe, expect, it } from 'vitest';
import { contactChange } from './contact-change.js';

const before = { phoneNumber: '01012345678', email: 'ahmed@example.com' };

describe('contactChange', () => {
  it('names the contacts before a changed phone number or e-mail', () => {
    expect(contactChange(before, { ...before, phoneNumber: '01198765432' })).toEqual(before);
    expect(contactChange(before, { ...before, email: 'other@example.com' })).toEqual(before);
  });

  it('sees no change in spacing or the case of an e-mail, nor in a first contact where none was on record', () => {
    expect(contactChange(before, { phoneNumber: ' 01012345678 ', email: 'Ahmed@Example.com' })).toBeNull();
    expect(contactChange({ phoneNumber: null, email: null }, before)).toBeNull();
  });
});
