import { Container } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { SiteFooter } from '@/features/branding/components/site-footer';
import { SiteHeader } from '@/features/branding/components/site-header';
import classes from './app-layout.module.css';

export function AppLayout({ headerActions }: { headerActions?: ReactNode }) {
  return (
    <div className={classes.page}>
      <SiteHeader actions={headerActions} />
      <Container component="main" size="md" py="xl" className={classes.main}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Container>
      <div className={classes.footer}>
        <SiteFooter />
      </div>
    </div>
  );
}
