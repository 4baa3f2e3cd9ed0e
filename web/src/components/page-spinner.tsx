import { Center, Loader } from '@mantine/core';
import { MESSAGES } from '@portal/common';

/** Holds the space of a screen while it loads, so the footer does not jump up and back. */
export function PageSpinner() {
  return (
    <Center mih="50vh">
      <Loader role="status" aria-label={MESSAGES.loading} />
    </Center>
  );
}
