import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { forwardRef } from 'react';
import { ERROR_PROPS } from './field-error';

const SHOW_PASSWORD = 'إظهار كلمة المرور';

/**
 * Mantine's password input with what it leaves out: aria-invalid on the input when there is an error (its
 * TextInput sets it, PasswordInput does not), an Arabic name for the show-password button, and the announced
 * error of the other fields.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordField(
  { error, ...rest },
  ref,
) {
  return (
    <PasswordInput
      ref={ref}
      size="md"
      error={error}
      errorProps={ERROR_PROPS}
      aria-invalid={error ? true : undefined}
      visibilityToggleButtonProps={{ 'aria-label': SHOW_PASSWORD }}
      {...rest}
    />
  );
});
