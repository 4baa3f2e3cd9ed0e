import { Alert } from '@mantine/core';

/** A refusal shown where it happened (on a card, in a dialog); nothing when there is none. */
export function ProblemAlert({ message }: { message: string | undefined }) {
  return message ? (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  ) : null;
}
