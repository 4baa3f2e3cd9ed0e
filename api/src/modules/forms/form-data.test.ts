import { INTERVIEW_CRITERIA, REFUSAL_REASON_LABELS } from '@portal/common';
import { describe, expect, it } from 'vitest';
import { documentsReview, formData } from './form-data.js';
import { type FormField, fieldRows, formatIssuedAt, wrappable } from './form-fields.js';
import type { FormStudent } from './forms.repository.js';

const student: FormStudent = {
  id: '7d3f8a2e-1b4c-4d5e-8f90-123456789abc',
  nationalId: '30501011234567',
  name: 'محمد أحمد عبد الرحمن السيد',
  seatNo: '123456',
  phoneNumber: '01012345678',
  gender: null,
  enrollmentStatus: 'regular',
  collegeId: 'c',
  college: 'كلية الخدمة الاجتماعية',
  socialWork: true,
  tourism: false,
  studentNameEn: 'Mohamed Ahmed Elsayed',
  address: '15 شارع الجمهورية',
  homeTel: '0502234567',
  email: 'mohamed@example.com',
  city: 'المنصورة',
  program1: null,
  program2: null,
  program3: null,
  qualification: 'ثانوية عامة',
  qualificationYear: '2024/2025',
  totalGrade: '385.50',
  percentage: null,
  importedTotalGrade: '300.00',
  importedPercentage: '93.90',
  masterName: 'أحمد عبد الرحمن',
  masterJob: 'مدرس',
  masterQualification: 'بكالوريوس',
  fatherName: 'أحمد عبد الرحمن',
  fatherJob: 'مدرس',
  fatherQualification: 'بكالوريوس',
  fatherNationality: 'مصري',
  fatherMobile: '01098765432',
  motherName: 'فاطمة محمود',
  motherNationality: 'مصرية',
  motherJob: 'ربة منزل',
  motherMobile: '01123456789',
  brothersNum: 4,
  brothersMaleNum: 2,
  brothersFemaleNum: 2,
  brothersOrder: 3,
  income: 6500,
  isComplete: true,
  completedAt: new Date(),
  documentsStatus: 'pending',
  refusedDocuments: [],
  appointedDay: '2026-07-14',
  appointedHour: 12,
  interviewAttended: null,
  interviewScores: null,
  interviewTotal: null,
  interviewDecision: null,
  interviewNotes: null,
  interviewRecordedAt: null,
  photoKey: null,
  photoContentType: null,
};

const context = {
  issuedAt: new Date('2026-03-01T22:30:00Z'),
  timeZone: 'Africa/Cairo',
  photo: null,
  qr: 'qr.svg',
};

function fields(data: ReturnType<typeof formData>): FormField[] {
  return data.sections.flatMap((section) => section.rows.flat());
}
const field = (data: ReturnType<typeof formData>, label: string) =>
  fields(data).find((f) => f.label === label);

describe('form data', () => {
  it('pairs fields in rows, wide ones alone, and leaves out missing optional ones', () => {
    const rows = fieldRows([
      ['a', '1'],
      ['b', null, { optional: true }],
      ['c', 'long', { wide: true }],
      ['d', '2'],
      ['e', ''],
    ]);
    expect(rows.map((row) => row.map((f) => `${f.label}=${f.value}`))).toEqual([
      ['a=1'],
      ['c=long'],
      ['d=2', 'e=—'],
    ]);
  });

  it('lets only long unspaced left-to-right values wrap, without changing their text', () => {
    expect(wrappable('mohamed.ahmed@example.com')).toBe('mohamed.ahmed@example.com');
    const long = `${'a'.repeat(45)}.student@faculty-of-social-work.example.edu.eg`;
    const wrapped = wrappable(long);
    expect(wrapped.replaceAll('\u200b', '')).toBe(long);
    expect(wrapped.split('\u200b').every((part) => part.length <= 21)).toBe(true);
  });

  it('isolates numbers, e-mails and the English name as left-to-right values', () => {
    const data = formData('admission', student, context);
    for (const label of ['الرقم القومي', 'رقم الموبايل', 'البريد الإلكتروني', 'الاسم باللغة الإنجليزية'])
      expect(field(data, label)?.ltr).toBe(true);
    expect(field(data, 'اسم الطالب رباعيا')).toEqual({
      label: 'اسم الطالب رباعيا',
      value: student.name,
      ltr: false,
    });
    // The entered grade wins over the imported one; the imported percentage fills in a missing one.
    expect(field(data, 'المجموع الكلي')?.value).toBe('385.5');
    expect(field(data, 'النسبة المئوية')?.value).toBe('93.9%');
  });

  it('prints the family sections for social work and the programs for tourism', () => {
    const social = formData('admission', student, context);
    expect(social.sections.map((s) => s.title)).toContain('بيانات الأم');
    expect(social.sections.map((s) => s.title)).not.toContain('البرامج المرغوبة بترتيب الأفضلية');
    const tourism = formData(
      'admission',
      { ...student, socialWork: false, tourism: true, program1: 'أ', program2: 'ب', program3: 'ج' },
      context,
    );
    expect(tourism.sections.map((s) => s.title)).toContain('البرامج المرغوبة بترتيب الأفضلية');
    expect(tourism.sections.map((s) => s.title)).not.toContain('بيانات الأم');
    expect(field(tourism, 'المدينة')).toBeUndefined();
  });

  it('dates the form in the university time zone', () => {
    expect(formatIssuedAt(context.issuedAt, 'Africa/Cairo')).toBe('02/03/2026 00:30');
    expect(formData('acquaintance', student, context).form.issuedAt).toBe('02/03/2026 00:30');
  });

  it('prints the appointment on the personal-test form when set', () => {
    expect(formData('finalPersonalTest', student, context).appointment).toEqual({
      day: '14/07/2026',
      weekday: 'الثلاثاء',
      period: 'الفترة المسائية (12:00)',
    });
    const none = formData(
      'finalPersonalTest',
      { ...student, appointedDay: null, appointedHour: null },
      context,
    );
    expect(none.appointment).toBeNull();
    expect(none.criteria.reduce((sum, c) => sum + c.max, 0)).toBe(100);
  });

  it('prints the six criteria of the common definition, blank for hand filling before an outcome', () => {
    const data = formData('finalPersonalTest', student, context);
    expect(data.criteria).toEqual(INTERVIEW_CRITERIA.map(({ label, max }) => ({ label, max, score: null })));
    expect(data.outcome).toBeNull();
  });

  it('prints the recorded scores, total, decision, notes and the date in the university time zone', () => {
    const data = formData(
      'finalPersonalTest',
      {
        ...student,
        interviewAttended: true,
        interviewScores: {
          appearance: 9,
          expression: 17,
          culture: 12,
          motivation: 18,
          balance: 13,
          communication: 19,
        },
        interviewTotal: 88,
        interviewDecision: 'suitable',
        interviewNotes: '  متحدث جيد  ',
        interviewRecordedAt: new Date('2026-07-14T22:30:00Z'),
      },
      context,
    );
    expect(data.criteria.map((c) => c.score)).toEqual([9, 17, 12, 18, 13, 19]);
    expect(data.outcome).toEqual({
      attended: true,
      total: 88,
      max: 100,
      decision: { code: 'suitable', label: 'لائق' },
      notes: 'متحدث جيد',
      // 00:30 on the 15th in Cairo.
      date: '15/07/2026',
    });
  });

  it('prints an absent student as absent, with no scores', () => {
    const data = formData(
      'finalPersonalTest',
      {
        ...student,
        interviewAttended: false,
        interviewScores: {},
        interviewRecordedAt: new Date('2026-07-14T10:00:00Z'),
      },
      context,
    );
    expect(data.criteria.every((c) => c.score === null)).toBe(true);
    expect(data.outcome).toMatchObject({ attended: false, total: null, decision: null, date: '14/07/2026' });
  });
});

describe('the documents review line of the admission form', () => {
  it('states the status in Arabic, on the admission form only', () => {
    expect(formData('admission', student, context).documents).toEqual({
      status: 'بانتظار المراجعة',
      refused: [],
    });
    expect(
      formData('admission', { ...student, documentsStatus: 'accepted' }, context).documents?.status,
    ).toBe('مقبولة');
    expect(formData('acquaintance', student, context).documents).toBeNull();
    expect(formData('finalPersonalTest', student, context).documents).toBeNull();
  });

  it("names each refused document in the form's order with the reason in Arabic and the note as written", () => {
    const review = documentsReview({
      documentsStatus: 'needsReupload',
      refusedDocuments: [
        ['personalPhoto', 'other', '  #set page(fill: red) <script>  '],
        ['frontIdCard', 'expired', null],
        ['nominationCard', null, ''],
      ],
    });
    expect(review).toEqual({
      status: 'مطلوب إعادة الرفع',
      refused: [
        {
          document: 'صورة بطاقة الرقم القومي (الوجه الأمامي)',
          reason: REFUSAL_REASON_LABELS.expired,
          note: null,
        },
        { document: 'الصورة الشخصية', reason: 'سبب آخر', note: '#set page(fill: red) <script>' },
        { document: 'صورة بطاقة الترشيح', reason: 'مرفوض', note: null },
      ],
    });
  });
});
