import { Group, Modal, Text } from '@mantine/core';
import type { StudentRecord } from '@portal/common';
import { DIALOG_STYLES } from '@/components/admin/dialog-styles';
import { Button } from '@/components/button';

interface DeleteStudentDialogProps {
  student: StudentRecord;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * "Delete this student?" with no/yes (spec section 2). The modal traps focus, is labelled by its question and
 * puts the focus on "no" first, so Enter never deletes by accident.
 */
export function DeleteStudentDialog({ student, pending, onConfirm, onCancel }: DeleteStudentDialogProps) {
  return (
    <Modal
      opened
      onClose={onCancel}
      title={`هل تريد حذف الطالب ${student.studentName}؟`}
      centered
      styles={DIALOG_STYLES}
    >
      <Text mb="md">
        الرقم القومي <span dir="ltr">{student.nationalID}</span>، {student.college}. تحذف بياناته وصوره
        وإجاباته نهائيا.
      </Text>
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
