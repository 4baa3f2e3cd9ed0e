import { MESSAGES } from '@portal/common';
import { type ComponentType, lazy, type ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { ErrorScreen } from '@/components/error-screen';
import { StudentGuard } from '@/features/student/components/student-guard';
import { StudentHeaderLinks } from '@/features/student/components/student-header-links';
import { StudentLogin } from '@/features/student-login/components/student-login';
import { AppLayout } from './layouts/app-layout';
import { RouteError } from './route-error';

/**
 * Each screen is its own chunk; AppLayout's Suspense shows the spinner while it downloads. The student login is
 * not: it is the portal's front door, and loading it lazily would add a round trip before the first screen.
 */
function lazyScreen<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): ReactElement {
  const Screen = lazy<ComponentType>(() => load().then((module) => ({ default: module[name] })));
  return <Screen />;
}

const notFoundScreen = <ErrorScreen code={404} message={MESSAGES.pageNotFound} />;
const notFound: RouteObject = { path: '*', element: notFoundScreen };
// `/dashboard` and `/admin` alone name no screen; without an index route they would render an empty page.
const bareAreaPath: RouteObject = { index: true, element: notFoundScreen };

const studentScreens: RouteObject[] = [
  {
    path: 'studentDataView',
    element: lazyScreen(() => import('@/features/student/components/student-data-view'), 'StudentDataView'),
  },
  {
    path: 'studentDataEnter',
    element: lazyScreen(() => import('@/features/student/components/student-data-enter'), 'StudentDataEnter'),
  },
  {
    path: 'formsDownload',
    element: lazyScreen(() => import('@/features/student/components/forms-download'), 'FormsDownload'),
  },
  {
    path: 'documentDownloadPage',
    element: lazyScreen(
      () => import('@/features/student/components/document-download-page'),
      'DocumentDownloadPage',
    ),
  },
  { path: 'quiz', element: lazyScreen(() => import('@/features/student/components/quiz'), 'Quiz') },
  {
    path: 'additionalQuestions',
    element: lazyScreen(
      () => import('@/features/student/components/additional-questions'),
      'AdditionalQuestions',
    ),
  },
  {
    path: 'studentAppointment',
    element: lazyScreen(
      () => import('@/features/student/components/student-appointment'),
      'StudentAppointment',
    ),
  },
];

const adminScreens: RouteObject[] = [
  {
    path: 'studentsInfo',
    element: lazyScreen(() => import('@/features/admin/student-records/students-info'), 'StudentsInfo'),
  },
  {
    path: 'statistics',
    element: lazyScreen(() => import('@/features/admin/statistics/statistics'), 'Statistics'),
  },
  {
    path: 'uploadStudentInfo',
    element: lazyScreen(
      () => import('@/features/admin/student-import/upload-student-info'),
      'UploadStudentInfo',
    ),
  },
  {
    path: 'deleteStudentInfo',
    element: lazyScreen(
      () => import('@/features/admin/student-import/delete-student-info'),
      'DeleteStudentInfo',
    ),
  },
  {
    path: 'adminsManagement',
    element: lazyScreen(() => import('@/features/admin/accounts/admins-management'), 'AdminsManagement'),
  },
  {
    path: 'updateAccountInfo',
    element: lazyScreen(
      () => import('@/features/admin/own-account/update-account-info'),
      'UpdateAccountInfo',
    ),
  },
  {
    path: 'changePassword',
    element: lazyScreen(() => import('@/features/admin/own-account/change-password'), 'ChangePassword'),
  },
  { path: 'schedule', element: lazyScreen(() => import('@/features/admin/schedule/schedule'), 'Schedule') },
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
            // Unknown dashboard paths are "page not found" even without a student, so the guard wraps only the
            // known screens.
            children: [bareAreaPath, { element: <StudentGuard />, children: studentScreens }, notFound],
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
            element: lazyScreen(() => import('@/features/admin-login/components/admin-login'), 'AdminLogin'),
          },
          // The shell holds the token check, the role lookup, the navigation and each screen's access rule.
          {
            element: lazyScreen(() => import('@/features/admin/shell/admin-shell'), 'AdminShell'),
            children: adminScreens,
          },
          bareAreaPath,
          notFound,
        ],
      },
    ],
  },
];
