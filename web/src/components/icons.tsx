import type { Branding } from '@portal/common';
import type { ReactNode, SVGProps } from 'react';

export type SocialIcon = Branding['socialLinks'][number]['icon'];

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

/** Decorative line icons drawn for this project; the element that holds one carries the accessible name. */
function Icon({ size = 20, children, ...rest }: IconProps & { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export function ExclamationIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 5v9" />
      <path d="M12 19h.01" />
    </Icon>
  );
}

function FacebookIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M15 3h-2a4 4 0 0 0-4 4v3H6v4h3v7h4v-7h3l1-4h-4V7a1 1 0 0 1 1-1h2z" />
    </Icon>
  );
}

function XIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 4h4.5L20 20h-4.5z" />
      <path d="M4 20l6.5-6.5M13.5 10.5 20 4" />
    </Icon>
  );
}

function YoutubeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="2.5" y="5" width="19" height="14" rx="4" />
      <path d="M10 9.5v5l4.5-2.5z" />
    </Icon>
  );
}

function InstagramIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17 7h.01" />
    </Icon>
  );
}

function LinkedinIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d="M8 10.5V17M8 7.5h.01M12 17v-6.5M12 13.5a2.5 2.5 0 0 1 5 0V17" />
    </Icon>
  );
}

function WebsiteIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z" />
    </Icon>
  );
}

export const SOCIAL_ICON_COMPONENTS: Record<SocialIcon, (props: IconProps) => ReactNode> = {
  facebook: FacebookIcon,
  x: XIcon,
  youtube: YoutubeIcon,
  instagram: InstagramIcon,
  linkedin: LinkedinIcon,
  website: WebsiteIcon,
};
