import { Stack } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet, useMatches } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { useBranding } from '@/features/branding/api/get-branding';
import { UniversityTimeZone } from '@/features/student/deadline/university-time-zone';
import { ScreenHeading } from '@/features/student/screen-heading/screen-heading';
import { screenHeadingOf } from '@/features/student/screen-heading/screen-headings';
import classes from './student-screen-area.module.css';

/**
 * Student screens open on a spinner (the session lookup, the screen's download, then its own data) and end as
 * long forms and tables. Holding their height from the start keeps everything below them from moving while they
 * load: a layout shift a phone user sees and Lighthouse counts. The screen's heading stands above the spinner from
 * the first paint (it is in the page the build prerenders), and stays in place when the screen arrives under it.
 * The boundary is its own so that a screen still downloading shows its spinner inside the held height, not in place
 * of it. The screens show the college's deadline on the university's clock, whose time zone comes with the
 * branding the header already asks for.
 */
export function StudentScreenArea() {
  const heading = screenHeadingOf(useMatches().map((match) => match.handle));
  const timeZone = useBranding().data?.timeZone;
  return (
    <Stack gap="lg" className={classes.area}>
      {heading !== undefined && <ScreenHeading heading={heading} />}
      <UniversityTimeZone value={timeZone}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </UniversityTimeZone>
    </Stack>
  );
}
