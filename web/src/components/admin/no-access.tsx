import { Alert, Text } from '@mantine/core';
import { MESSAGES } from '@portal/common';

/** What a role may not use says so, whatever the address typed (the server refuses the calls too). */
export function NoAccess() {
  return (
    <Alert color="red" variant="light" title={MESSAGES.noAccess} role="alert">
      <Text size="sm">اختر إحدى الصفحات المتاحة لك من القائمة.</Text>
    </Alert>
  );
}
