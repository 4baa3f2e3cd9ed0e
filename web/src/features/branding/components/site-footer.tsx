import { Container, Skeleton, Text } from '@mantine/core';
import { useBrowserValue } from '@/lib/browser-value';
import { useBranding } from '../api/get-branding';
import { ALL_RIGHTS_RESERVED, forHolder } from './copyright-line';

/** "All rights reserved for {holder} © {year}"; only the holder's part changes when the branding comes. */
export function SiteFooter() {
  const { data: branding, isPending } = useBranding();
  const holder = branding?.copyrightHolder;
  // A page prerendered at build says the build's year, even in a later one, until React has taken it over.
  const year = useBrowserValue(() => new Date().getFullYear(), __BUILD_YEAR__);
  return (
    <Container component="footer" size="lg" py="md">
      <Text ta="center" size="sm" c="dimmed">
        {ALL_RIGHTS_RESERVED}{' '}
        {isPending ? (
          // About as wide as a holder's name, so the line wraps as it will once the name comes and the footer keeps
          // its height (a phone shows the line on two lines).
          <Skeleton
            component="span"
            display="inline-block"
            h="1em"
            w="20em"
            maw="100%"
            // On the baseline the stand-in would make the line a pixel taller than text does.
            style={{ verticalAlign: 'middle' }}
          />
        ) : (
          holder && forHolder(holder)
        )}{' '}
        © {year}
      </Text>
    </Container>
  );
}
