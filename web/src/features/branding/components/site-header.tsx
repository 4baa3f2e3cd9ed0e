import { Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useBranding } from '../api/get-branding';
import classes from './site-header.module.css';
import { SocialLinks } from './social-links';

const APP_TITLE = 'طلب التحاق';
// The project's own neutral logo stands in until the university's loads, at the same size.
const FALLBACK_LOGO = `${import.meta.env.BASE_URL}favicon.svg`;

export function SiteHeader({ actions }: { actions?: ReactNode }) {
  const { data: branding, isPending } = useBranding();
  return (
    <header className={classes.band}>
      <Container size="lg" py="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <img
              className={classes.logo}
              src={branding?.logoUrl ?? FALLBACK_LOGO}
              alt={branding?.universityName ?? ''}
            />
            <Stack gap={0}>
              <Title order={1} fz="h3" c="white">
                {APP_TITLE}
              </Title>
              <Text className={classes.universityName} c="university.0">
                {branding?.universityName}
                {/* As wide as the title: a wider stand-in could push the links onto a row of their own until the name came. */}
                {isPending && <Skeleton component="span" display="inline-block" h="1em" w="100%" />}
              </Text>
            </Stack>
          </Group>
          <Stack gap={4} align="flex-end">
            {branding && <SocialLinks links={branding.socialLinks} />}
            {actions}
          </Stack>
        </Group>
      </Container>
    </header>
  );
}
