import { MESSAGES } from '@portal/common';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { ErrorScreen } from '@/components/error-screen';
import { startLookupEarly, startStoredDataEarly } from '@/features/student/api/early-requests';
import { StudentGuard } from '@/features/student/components/student-guard';
import { StudentHeaderLinks } from '@/features/student/components/student-header-links';
import {
  type HeadingHandle,
  STUDENT_SCREEN_HEADINGS,
  type StudentScreenName,
} from '@/features/student/screen-heading/screen-headings';
import { StudentLogin } from '@/features/student-login/components/student-login';
import { AppLayout } from './layouts/app-layout';
import { StudentScreenArea } from './layouts/student-screen-area';
import { lazyScreen } from './lazy-screen';
import type { ScreenHandle } from './preload-screens';
import { RouteError } from './route-error';

const notFoundScreen = <ErrorScreen code={404} message={MESSAGES.pageNotFound} />;
const notFound: RouteObject = { path: '*', element: notFoundScreen };
// `/dashboard` and `/admin` alone name no screen; without an index route they would render an empty page.
const bareAreaPath: RouteObject = { index: true, element: notFoundScreen };

/** A student screen's route: its lazily downloaded code, and the heading the screen area draws above it. */
function studentScreen<Name extends string>(
  path: StudentScreenName,
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
  startData?: () => void,
): RouteObject {
  const { element, handle } = lazyScreen(load, name, startData);
  const heading: HeadingHandle = { heading: STUDENT_SCREEN_HEADINGS[path] };
  return { path, element, handle: { ...handle, ...heading } };
}

const studentScreens: RouteObject[] = [
  studentScreen(
    'studentDataView',
    () => import('@/features/student/components/student-data-view'),
    'StudentDataView',
  ),
  studentScreen(
    'studentDataEnter',
    () => import('@/features/student/components/student-data-enter'),
    'StudentDataEnter',
    startStoredDataEarly,
  ),
  studentScreen(
    'formsDownload',
    () => import('@/features/student/components/forms-download'),
    'FormsDownload',
  ),
  studentScreen(
    'documentDownloadPage',
    () => import('@/features/student/components/document-download-page'),
    'DocumentDownloadPage',
  ),
  studentScreen('quiz', () => import('@/features/student/components/quiz'), 'Quiz'),
  studentScreen(
    'additionalQuestions',
    () => import('@/features/student/components/additional-questions'),
    'AdditionalQuestions',
  ),
  studentScreen(
    'studentAppointment',
    () => import('@/features/student/components/student-appointment'),
    'StudentAppointment',
  ),
  studentScreen(
    'replaceDocuments',
    () => import('@/features/student/components/replace-documents'),
    'ReplaceDocuments',
  ),
];

// The guard's lookup of the stored student is sent as the page opens on any student screen, beside its chunk.
const lookUpEarly: ScreenHandle = { preload: async () => startLookupEarly() };
const studentGuard: RouteObject = {
  element: <StudentGuard />,
  handle: lookUpEarly,
  children: studentScreens,
};

const adminScreens: RouteObject[] = [
  {
    path: 'studentsInfo',
    ...lazyScreen(() => import('@/features/admin/student-records/students-info'), 'StudentsInfo'),
  },
  {
    path: 'review',
    ...lazyScreen(() => import('@/features/admin/review-queue/review-queue'), 'ReviewQueue'),
  },
  {
    path: 'notifications',
    ...lazyScreen(() => import('@/features/admin/notifications/notifications'), 'Notifications'),
  },
  {
    path: 'students/:id',
    ...lazyScreen(() => import('@/features/admin/student-record-page/student-record'), 'StudentRecordScreen'),
  },
  {
    path: 'statistics',
    ...lazyScreen(() => import('@/features/admin/statistics/statistics'), 'Statistics'),
  },
  { path: 'funnel', ...lazyScreen(() => import('@/features/admin/funnel/funnel'), 'Funnel') },
  {
    path: 'uploadStudentInfo',
    ...lazyScreen(() => import('@/features/admin/student-import/upload-student-info'), 'UploadStudentInfo'),
  },
  {
    path: 'deleteStudentInfo',
    ...lazyScreen(() => import('@/features/admin/student-import/delete-student-info'), 'DeleteStudentInfo'),
  },
  {
    path: 'colleges',
    ...lazyScreen(() => import('@/features/admin/college-deadlines/college-settings'), 'CollegeSettings'),
  },
  {
    path: 'content/quiz',
    ...lazyScreen(() => import('@/features/admin/content/quiz/quiz-bank'), 'QuizBank'),
  },
  {
    path: 'content/questionnaire',
    ...lazyScreen(
      () => import('@/features/admin/content/questionnaire/questionnaire-editor'),
      'QuestionnaireEditor',
    ),
  },
  {
    path: 'content/charter',
    ...lazyScreen(() => import('@/features/admin/content/charter/charter-editor'), 'CharterEditor'),
  },
  {
    path: 'content/colleges',
    ...lazyScreen(() => import('@/features/admin/content/colleges/colleges-editor'), 'CollegesEditor'),
  },
  { path: 'seasons', ...lazyScreen(() => import('@/features/admin/seasons/seasons'), 'Seasons') },
  {
    path: 'adminsManagement',
    ...lazyScreen(() => import('@/features/admin/accounts/admins-management'), 'AdminsManagement'),
  },
  {
    path: 'updateAccountInfo',
    ...lazyScreen(() => import('@/features/admin/own-account/update-account-info'), 'UpdateAccountInfo'),
  },
  {
    path: 'changePassword',
    ...lazyScreen(() => import('@/features/admin/own-account/change-password'), 'ChangePassword'),
  },
  {
    path: 'accountSecurity',
    ...lazyScreen(() => import('@/features/admin/own-account/account-security'), 'AccountSecurity'),
  },
  { path: 'audit', ...lazyScreen(() => import('@/features/admin/audit/audit-trail'), 'AuditTrail') },
  { path: 'schedule', ...lazyScreen(() => import('@/features/admin/schedule/schedule'), 'Schedule') },
  {
    path: 'interviews',
    ...lazyScreen(() => import('@/features/admin/interviews/interviews'), 'Interviews'),
  },
];

/** Spec section 2. Shared by the browser router (app.tsx) and the tests' memory routers. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        element: <AppLayout headerActions={<StudentHeaderLinks />} />,
        children: [
          { index: true, element: <StudentLogin /> },
          {
            path: 'dashboard',
            element: <StudentScreenArea />,
            // Unknown dashboard paths are "page not found" even without a student, so the guard wraps only the
            // known screens.
            children: [bareAreaPath, studentGuard, notFound],
          },
          notFound,
        ],
      },
      {
        path: 'admin',
        element: <AppLayout />,
        children: [
          {
            path: 'login',
            ...lazyScreen(() => import('@/features/admin-login/components/admin-login'), 'AdminLogin'),
          },
          // The shell holds the token check, the role lookup, the navigation and each screen's access rule.
          {
            ...lazyScreen(() => import('@/features/admin/shell/admin-shell'), 'AdminShell'),
            children: adminScreens,
          },
          bareAreaPath,
          notFound,
        ],
      },
    ],
  },
];
