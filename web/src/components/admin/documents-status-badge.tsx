import { Badge } from '@mantine/core';
import { DOCUMENTS_STATUS_LABELS, type DocumentsStatus } from '@portal/common';

// Shade 9 text on the light badge keeps 4.5:1 contrast; the colour only repeats what the words say.
const COLORS: Record<DocumentsStatus, string> = {
  none: 'gray',
  pending: 'university',
  needsReupload: 'orange',
  accepted: 'teal',
};

/** A student's documents as a whole (issue 16), as the staff lists show it. */
export function DocumentsStatusBadge({ status }: { status: DocumentsStatus }) {
  const color = COLORS[status];
  return (
    <Badge
      variant="light"
      color={color}
      c={`${color}.9`}
      radius="sm"
      size="lg"
      tt="none"
      fw={600}
      // A badge hides its overflow, so a narrow table column would squeeze the words to an ellipsis.
      miw="max-content"
    >
      {DOCUMENTS_STATUS_LABELS[status]}
    </Badge>
  );
}
