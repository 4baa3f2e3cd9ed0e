import { ActionIcon, Group } from '@mantine/core';
import type { Branding } from '@portal/common';
import { SOCIAL_ICON_COMPONENTS, type SocialIcon } from '@/components/icons';

const ARABIC_LABELS: Record<SocialIcon, string> = {
  facebook: 'صفحة الجامعة على فيسبوك',
  x: 'حساب الجامعة على إكس',
  youtube: 'قناة الجامعة على يوتيوب',
  instagram: 'حساب الجامعة على إنستجرام',
  linkedin: 'صفحة الجامعة على لينكدإن',
  website: 'الموقع الإلكتروني للجامعة',
};

export function SocialLinks({ links }: { links: Branding['socialLinks'] }) {
  return (
    <Group gap={4}>
      {links.map(({ icon, url }) => {
        const IconComponent = SOCIAL_ICON_COMPONENTS[icon];
        return (
          <ActionIcon
            key={url}
            component="a"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={ARABIC_LABELS[icon]}
            title={ARABIC_LABELS[icon]}
            variant="transparent"
            color="white"
            size="lg"
          >
            <IconComponent />
          </ActionIcon>
        );
      })}
    </Group>
  );
}
