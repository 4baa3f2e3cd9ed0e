import { COMPLETE_DATA_FIELDS, type CompleteDataFormValues, validateCompleteData } from '@portal/common';
import { describe, expect, it } from 'vitest';
import { askedFields, emptyForm, formFromStored, inputOfField, valuesOf, wireFields } from './form-values';

const stored = Object.fromEntries(COMPLETE_DATA_FIELDS.map((field) => [field, ''])) as CompleteDataFormValues;

describe('askedFields', () => {
  it('asks the family fields of social-work students and the programs of tourism students only', () => {
    const plain = askedFields({ socialWork: false, tourism: false });
    expect(plain).not.toContain('city');
    expect(plain).not.toContain('motherName');
    expect(plain).not.toContain('program1');
    expect(plain).toContain('studentNameEn');
    expect(askedFields({ socialWork: true, tourism: false })).toEqual(
      expect.arrayContaining(['city', 'brothersNum', 'motherMobile', 'fatherNationality', 'fatherMobile']),
    );
    expect(askedFields({ socialWork: false, tourism: true })).toEqual(
      expect.arrayContaining(['program1', 'program2', 'program3']),
    );
  });
});

describe('the qualification year', () => {
  it('is split into two inputs from the stored value and joined back as first/second', () => {
    const form = formFromStored({ ...stored, qualificationYear: '2025/2026', studentNameEn: 'Mona Ali' });
    expect(form.qualificationYearFirst).toBe('2025');
    expect(form.qualificationYearSecond).toBe('2026');
    expect(form.studentNameEn).toBe('Mona Ali');
    expect(valuesOf(form).qualificationYear).toBe('2025/2026');
  });

  it('joins Arabic-Indic digits as ASCII, and stays empty when neither year is typed', () => {
    const form = { ...emptyForm(), qualificationYearFirst: '٢٠٢٥', qualificationYearSecond: '٢٠٢٦' };
    expect(valuesOf(form).qualificationYear).toBe('2025/2026');
    expect(valuesOf(emptyForm()).qualificationYear).toBe('');
  });

  it('points a year rule at the empty part, else the malformed one, else the second', () => {
    const at = (first: string, second: string) =>
      inputOfField('qualificationYear', {
        ...emptyForm(),
        qualificationYearFirst: first,
        qualificationYearSecond: second,
      });
    expect(at('', '2026')).toBe('qualificationYearFirst');
    expect(at('2025', '')).toBe('qualificationYearSecond');
    expect(at('25', '2026')).toBe('qualificationYearFirst');
    expect(at('٢٠٢٥', '2027')).toBe('qualificationYearSecond');
    expect(inputOfField('email', emptyForm())).toBe('email');
  });
});

describe('wireFields', () => {
  it('sends the cleaned values of the asked fields only', () => {
    const form = {
      ...emptyForm(),
      studentNameEn: ' Mona  Ali ',
      phoneNumber: '٠١٠١٢٣٤٥٦٧٨',
      homeTel: '0502212345',
      address: 'المنصورة',
      email: 'mona@example.com',
      qualification: 'الثانوية العامة',
      qualificationYearFirst: '2025',
      qualificationYearSecond: '2026',
      totalGrade: '٣٨٥٫٥',
      percentage: '93.75',
      masterName: 'علي',
      masterJob: 'مهندس',
      masterQualification: 'بكالوريوس',
      fatherName: 'علي',
      fatherJob: 'مهندس',
      fatherQualification: 'بكالوريوس',
      motherName: 'typed but not asked',
    };
    const college = { socialWork: false, tourism: false };
    const checked = validateCompleteData(valuesOf(form), college);
    if (!checked.ok) throw new Error(checked.message);
    const fields = Object.fromEntries(wireFields(checked.data, college));
    expect(fields).toMatchObject({
      studentNameEn: 'Mona Ali',
      phoneNumber: '01012345678',
      qualificationYear: '2025/2026',
      totalGrade: '385.5',
    });
    expect(fields).not.toHaveProperty('motherName');
    expect(fields).not.toHaveProperty('program1');
  });
});
