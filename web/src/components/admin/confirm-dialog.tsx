import { Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Button } from '@/components/button';
import { DIALOG_STYLES } from './dialog-styles';

interface ConfirmDialogProps {
  title: string;
  children?: ReactNode;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question in a modal that traps focus; "no" has the focus first, so Enter never deletes by accident. */
export function ConfirmDialog({ title, children, pending, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal opened onClose={onCancel} title={title} centered styles={DIALOG_STYLES}>
      {children && <Text mb="md">{children}</Text>}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} data-autofocus>
          لا
        </Button>
        <Button color="red" onClick={onConfirm} loading={pending}>
          نعم
        </Button>
      </Group>
    </Modal>
  );
}
