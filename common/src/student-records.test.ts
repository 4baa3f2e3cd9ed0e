import { describe, expect, it } from 'vitest';
import { MESSAGE_TEMPLATES, MESSAGES } from './messages.js';
import {
  facultyRequestSchema,
  getStudentInfoRequestSchema,
  studentPageQuerySchema,
} from './student-records.js';

describe('student search request', () => {
  it('normalises the national ID and treats blanks as absent', () => {
    expect(getStudentInfoRequestSchema.parse({ nationalID: ' ٢٩٩ ٠١٠١ ', studentName: '  ' })).toEqual({
      nationalID: '2990101',
      studentName: null,
      faculty: null,
    });
    expect(
      getStudentInfoRequestSchema.parse({ studentName: ' أحمد ', isComplete: true, faculty: 'ك' }),
    ).toEqual({
      nationalID: null,
      studentName: 'أحمد',
      isComplete: true,
      faculty: 'ك',
    });
  });

  it('asks for a name or a national ID', () => {
    const result = getStudentInfoRequestSchema.safeParse({ nationalID: null, studentName: '' });
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.studentSearchRequired);
  });
});

describe('student page query', () => {
  it('defaults to the first page of 500 and caps the page size at 500', () => {
    expect(studentPageQuerySchema.parse({})).toEqual({ page: 1, limit: 500 });
    expect(studentPageQuerySchema.parse({ page: '3', limit: '20' })).toEqual({ page: 3, limit: 20 });
    expect(studentPageQuerySchema.parse({ limit: '5000' })).toEqual({ page: 1, limit: 500 });
    expect(studentPageQuerySchema.safeParse({ page: '0' }).error?.issues[0]?.message).toBe(
      MESSAGES.pageInvalid,
    );
  });
});

describe('faculty request', () => {
  it('requires a faculty', () => {
    expect(facultyRequestSchema.safeParse({ faculty: ' ' }).error?.issues[0]?.message).toBe(
      MESSAGES.facultyRequired,
    );
    expect(facultyRequestSchema.parse({ faculty: ' كلية العلوم ' })).toEqual({ faculty: 'كلية العلوم' });
  });
});

describe('delete-faculty message', () => {
  it('agrees the counted noun with the number', () => {
    expect(MESSAGE_TEMPLATES.facultyDataDeleted(0)).toBe('تم حذف بيانات 0 طالب بنجاح');
    expect(MESSAGE_TEMPLATES.facultyDataDeleted(1)).toBe('تم حذف بيانات طالب واحد بنجاح');
    expect(MESSAGE_TEMPLATES.facultyDataDeleted(2)).toBe('تم حذف بيانات طالبين بنجاح');
    expect(MESSAGE_TEMPLATES.facultyDataDeleted(7)).toBe('تم حذف بيانات 7 طلاب بنجاح');
    expect(MESSAGE_TEMPLATES.facultyDataDeleted(25)).toBe('تم حذف بيانات 25 طالبا بنجاح');
    expect(MESSAGE_TEMPLATES.facultyDataDeleted(300)).toBe('تم حذف بيانات 300 طالب بنجاح');
    expect(MESSAGE_TEMPLATES.facultyDataDeleted(1210)).toBe('تم حذف بيانات 1210 طلاب بنجاح');
  });
});
