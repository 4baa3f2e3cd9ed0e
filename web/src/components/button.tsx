import { Button as MantineButton, type ButtonProps as MantineButtonProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';
import { Link } from 'react-router';

type Size = { size?: 'md' | 'sm' };

export type ButtonProps = Omit<MantineButtonProps, 'size'> &
  Size &
  Omit<ComponentPropsWithoutRef<'button'>, keyof MantineButtonProps>;

export function Button({ size = 'md', type = 'button', ...rest }: ButtonProps) {
  return <MantineButton size={size} type={type} {...rest} />;
}

export type ButtonLinkProps = Omit<MantineButtonProps, 'size'> & Size & { to: string };

/** Navigation that looks like a button stays a link, so it can be opened in a new tab and is announced as one. */
export function ButtonLink({ size = 'md', ...rest }: ButtonLinkProps) {
  return <MantineButton component={Link} size={size} {...rest} />;
}
