import { CopyButton, VisuallyHidden } from '@mantine/core';
import { Button } from '@/components/button';

const COPIED = 'تم النسخ';

/**
 * A button that copies `value` and says so. The clipboard API exists only on HTTPS and localhost; elsewhere there
 * is no button and the text beside it is selectable.
 */
export function CopyText({ value, label }: { value: string; label: string }) {
  if (typeof navigator.clipboard?.writeText !== 'function') return null;
  return (
    <CopyButton value={value} timeout={3000}>
      {({ copied, copy }) => (
        <>
          <Button size="sm" variant="light" onClick={copy} color={copied ? 'teal.9' : undefined}>
            {copied ? COPIED : label}
          </Button>
          <VisuallyHidden role="status">{copied ? COPIED : ''}</VisuallyHidden>
        </>
      )}
    </CopyButton>
  );
}
