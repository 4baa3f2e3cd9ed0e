import { CONTENT_MESSAGES, type ContentCollege } from '@portal/common';
import { describe, expect, it } from 'vitest';
import { checkCollegeForm, checkProgramForm, collegeFormValues } from './college-form';

const college: ContentCollege = {
  id: '30000000-0000-4000-8000-000000000001',
  name: 'كلية التجارة',
  socialWork: false,
  tourism: true,
  sortOrder: 3,
  hidden: false,
  studentCount: 0,
  staffCount: 0,
  programs: [],
};

describe('college and program forms', () => {
  it('adds a college last when no order is typed, and reads Arabic-Indic digits', () => {
    const values = { name: ' كلية الآثار ', sortOrder: '', socialWork: true, tourism: false };
    expect(checkCollegeForm(values)).toEqual({
      ok: true,
      body: { name: 'كلية الآثار', socialWork: true, tourism: false },
    });
    expect(checkCollegeForm({ ...values, sortOrder: '١٢' })).toMatchObject({
      ok: true,
      body: { sortOrder: 12 },
    });
  });

  it('sends only what changed, and says so when nothing did', () => {
    const values = collegeFormValues(college);
    expect(checkCollegeForm(values, college)).toEqual({
      ok: false,
      errors: { general: CONTENT_MESSAGES.nothingToChange },
    });
    expect(checkCollegeForm({ ...values, sortOrder: '0', tourism: false }, college)).toEqual({
      ok: true,
      body: { sortOrder: 0, tourism: false },
    });
  });

  it('puts each refusal on its field', () => {
    const values = { name: 'ك', sortOrder: 'abc', socialWork: false, tourism: false };
    expect(checkCollegeForm(values)).toEqual({
      ok: false,
      errors: { name: CONTENT_MESSAGES.nameInvalid, sortOrder: CONTENT_MESSAGES.sortOrderInvalid },
    });
    expect(checkCollegeForm({ ...values, name: 'كلية', sortOrder: '' }, college)).toEqual({
      ok: false,
      errors: { sortOrder: CONTENT_MESSAGES.sortOrderInvalid },
    });
  });

  it('adds and renames a program by its name', () => {
    const program = {
      id: '40000000-0000-4000-8000-000000000001',
      name: 'الإرشاد',
      sortOrder: 1,
      hidden: false,
      studentCount: 2,
    };
    expect(checkProgramForm(' الإرشاد السياحي ')).toEqual({ ok: true, body: { name: 'الإرشاد السياحي' } });
    expect(checkProgramForm('الإرشاد ', program)).toEqual({
      ok: false,
      errors: { general: CONTENT_MESSAGES.nothingToChange },
    });
    expect(checkProgramForm('', program)).toEqual({
      ok: false,
      errors: { name: CONTENT_MESSAGES.nameInvalid },
    });
  });
});
