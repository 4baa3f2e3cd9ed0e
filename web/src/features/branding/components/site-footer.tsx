import { Container, Text } from '@mantine/core';
import { useBranding } from '../api/get-branding';
import { copyrightLine } from './copyright-line';

export function SiteFooter() {
  const { data: branding } = useBranding();
  return (
    <Container component="footer" size="lg" py="md">
      <Text ta="center" size="sm" c="dimmed">
        {copyrightLine(branding?.copyrightHolder, new Date().getFullYear())}
      </Text>
    </Container>
  );
}
