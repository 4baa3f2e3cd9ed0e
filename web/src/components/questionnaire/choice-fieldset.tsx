import { Text } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import classes from './choice-fieldset.module.css';

interface ChoiceFieldsetProps {
  /** The question; the legend names the group, so each radio or checkbox is read with it. */
  legend: string;
  description?: string | null | undefined;
  error?: string | null | undefined;
  /** False when a live notice elsewhere already announces the error; the text is still linked to the group. */
  announceError?: boolean;
  /** Lets a control outside the group (the remove-answer button) refer to the question. */
  legendId?: string;
  children: ReactNode;
}

/** A fieldset with its legend, optional description and error, both tied to the group by aria-describedby. */
export function ChoiceFieldset({
  legend,
  description,
  error,
  announceError = true,
  legendId,
  children,
}: ChoiceFieldsetProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <fieldset
      className={classes.fieldset}
      aria-describedby={describedBy || undefined}
      data-invalid={error ? true : undefined}
    >
      <legend id={legendId} className={classes.legend}>
        {legend}
      </legend>
      {description && (
        <Text id={descriptionId} size="sm" c="dimmed" mb="xs">
          {description}
        </Text>
      )}
      {children}
      {error && (
        <Text
          id={errorId}
          role={announceError ? 'alert' : undefined}
          size="sm"
          c="var(--mantine-color-error)"
          mt="xs"
          fw={500}
        >
          {error}
        </Text>
      )}
    </fieldset>
  );
}
