/**
 * The faculty list of a typical Egyptian public university. The social-work college gets the family sections,
 * three forms and interview scheduling; the two tourism-and-hotels colleges offer three program choices.
 */
export interface CollegeSeed {
  name: string;
  socialWork?: boolean;
  tourism?: boolean;
  programs?: string[];
}

export const SOCIAL_WORK_COLLEGE = 'كلية الخدمة الاجتماعية';
export const TOURISM_COLLEGE = 'كلية السياحة والفنادق';
export const TOURISM_EXCHANGE_COLLEGE = 'كلية السياحة والفنادق - نظام التعليم المتبادل';

const TOURISM_PROGRAMS = [
  'الدراسات السياحية',
  'الدراسات الفندقية',
  'الإرشاد السياحي',
  'إدارة الفعاليات والمؤتمرات',
];

export const COLLEGES: CollegeSeed[] = [
  { name: 'كلية الطب البشري' },
  { name: 'كلية طب الأسنان' },
  { name: 'كلية الصيدلة' },
  { name: 'كلية التمريض' },
  { name: 'كلية الهندسة' },
  { name: 'كلية الحاسبات والذكاء الاصطناعي' },
  { name: 'كلية العلوم' },
  { name: 'كلية الزراعة' },
  { name: 'كلية الطب البيطري' },
  { name: 'كلية التجارة' },
  { name: 'كلية الحقوق' },
  { name: 'كلية الآداب' },
  { name: 'كلية التربية' },
  { name: 'كلية التربية النوعية' },
  { name: 'كلية التربية الرياضية' },
  { name: 'كلية الفنون الجميلة' },
  { name: 'كلية الإعلام' },
  { name: SOCIAL_WORK_COLLEGE, socialWork: true },
  { name: TOURISM_COLLEGE, tourism: true, programs: TOURISM_PROGRAMS },
  {
    name: TOURISM_EXCHANGE_COLLEGE,
    tourism: true,
    programs: ['الدراسات السياحية', 'الدراسات الفندقية', 'إدارة الضيافة الدولية'],
  },
];
