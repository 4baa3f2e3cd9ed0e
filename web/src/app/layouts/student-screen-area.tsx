import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import classes from './student-screen-area.module.css';

/**
 * Student screens open on a spinner (the session lookup, the screen's download, then its own data) and end as
 * long forms and tables. Holding their height from the start keeps everything below them from moving while they
 * load: a layout shift a phone user sees and Lighthouse counts. The boundary is its own so that a screen still
 * downloading shows its spinner inside the held height, not in place of it.
 */
export function StudentScreenArea() {
  return (
    <div className={classes.area}>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
