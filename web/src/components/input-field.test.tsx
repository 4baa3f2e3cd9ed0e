import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InputField } from './input-field';

function renderField(props: { announceError?: boolean }) {
  render(
    <MantineProvider env="test">
      <InputField label="الرقم القومي" error="يجب ادخال الرقم القومي" {...props} />
    </MantineProvider>,
  );
}

describe('input field', () => {
  it('announces its error and ties it to the input', () => {
    renderField({});
    const input = screen.getByRole('textbox', { name: 'الرقم القومي' });
    const error = screen.getByRole('alert');
    expect(error).toHaveTextContent('يجب ادخال الرقم القومي');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
  });

  it('leaves the announcement to the form when told to, still tying the error to the input', () => {
    renderField({ announceError: false });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'الرقم القومي' })).toHaveAccessibleDescription(
      'يجب ادخال الرقم القومي',
    );
  });
});
