import type { StudentData } from '@portal/common';

/**
 * What a student screen shows at its top: drawn by the screen area (app/layouts/student-screen-area.tsx) from the
 * route, not by the screen, so it is already there while the student is looked up and the screen's code and data
 * arrive, and it is in the page the build prerenders for the screen (scripts/prerender-web.mjs).
 */
export interface ScreenHeading {
  /** A function when the title depends on the student, who is not known while the screen loads. */
  title: string | ((student: StudentData) => string);
  /** A paragraph under the title that every student sees, whatever their data. */
  intro?: string;
}

export const STUDENT_SCREEN_HEADINGS = {
  studentDataView: { title: 'بيانات الطالب' },
  studentDataEnter: {
    title: (student) => (student.isComplete ? 'تعديل البيانات' : 'استكمال البيانات'),
    intro: 'جميع الحقول المعلّمة بعلامة * مطلوبة. يمكنك كتابة الأرقام بالعربية أو بالإنجليزية.',
  },
  formsDownload: {
    title: 'تنزيل الاستمارات',
    intro: 'نزّل الاستمارات التالية واطبعها، ثم قدّمها مع المستندات المطلوبة إلى شؤون الطلاب بالكلية.',
  },
  documentDownloadPage: { title: 'تنزيل ميثاق الطالب' },
  quiz: {
    title: 'اختبار ميثاق الطالب',
    intro:
      'اقرأ كل عبارة من العبارات التالية واختر «صح» إذا كانت موافقة لما ورد في ميثاق الطالب، أو «خطأ» إذا لم تكن كذلك. يجب الإجابة على جميع الأسئلة.',
  },
  additionalQuestions: { title: 'أسئلة إضافية' },
  studentAppointment: { title: 'موعد الاختبار الشخصي' },
  replaceDocuments: {
    title: 'استبدال المستندات المرفوضة',
    intro:
      'اختر صورة جديدة واضحة لكل مستند رفضته الكلية. يمكنك إرسال بعضها الآن والباقي لاحقا، وستُراجع الصور الجديدة مرة أخرى.',
  },
} satisfies Record<string, ScreenHeading>;

export type StudentScreenName = keyof typeof STUDENT_SCREEN_HEADINGS;

/** The title of `heading` for `student`; undefined while the student is not known and the title depends on them. */
export function headingTitle(heading: ScreenHeading, student: StudentData | undefined): string | undefined {
  if (typeof heading.title === 'string') return heading.title;
  return student === undefined ? undefined : heading.title(student);
}

/** Carried in the `handle` of a student screen's route. */
export interface HeadingHandle {
  heading: ScreenHeading;
}

/** The heading of the innermost route that has one, from the `handle`s of the matched routes, outermost first. */
export function screenHeadingOf(handles: readonly unknown[]): ScreenHeading | undefined {
  for (let index = handles.length - 1; index >= 0; index--) {
    const heading = (handles[index] as Partial<HeadingHandle> | undefined)?.heading;
    if (heading !== undefined) return heading;
  }
  return undefined;
}
