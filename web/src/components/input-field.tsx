import { TextInput, type TextInputProps } from '@mantine/core';

export interface InputFieldProps extends Omit<TextInputProps, 'size'> {
  size?: 'md' | 'sm';
  /** Off where the form announces its errors itself, so a message is not read twice. */
  announceError?: boolean;
}

const ANNOUNCED = { role: 'alert' } as const;

/**
 * Mantine links `error` to the input with aria-describedby and sets aria-invalid, which screen readers need; the
 * error is also announced when it appears.
 */
export function InputField({ size = 'md', announceError = true, ...rest }: InputFieldProps) {
  return <TextInput size={size} errorProps={announceError ? ANNOUNCED : undefined} {...rest} />;
}
