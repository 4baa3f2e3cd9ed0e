import { Group } from '@mantine/core';
import { Button } from '@/components/button';

const SAVE = 'حفظ';
const CANCEL = 'إلغاء';

/** An editing dialog's last row: save (the form's submit, busy while saving) and cancel. */
export function DialogActions({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  return (
    <Group gap="sm">
      <Button type="submit" loading={pending}>
        {SAVE}
      </Button>
      <Button variant="default" onClick={onCancel}>
        {CANCEL}
      </Button>
    </Group>
  );
}
