import { TextInput, type TextInputProps } from '@mantine/core';

export interface InputFieldProps extends Omit<TextInputProps, 'size'> {
  size?: 'md' | 'sm';
}

/** Mantine links `error` to the input with aria-describedby and sets aria-invalid, which screen readers need. */
export function InputField({ size = 'md', ...rest }: InputFieldProps) {
  return <TextInput size={size} {...rest} />;
}
