import { Alert, Group, Modal, Stack, Text } from '@mantine/core';
import { normalizeDigits, type Season } from '@portal/common';
import { type FormEvent, useState } from 'react';
import { DIALOG_STYLES } from '@/components/admin/dialog-styles';
import { useStaffRefusal, useStaffSession } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import { InputField } from '@/components/input-field';
import { useDeleteSeason } from './api/seasons';

const CANCEL = 'إلغاء';
const DELETE = 'حذف العام الدراسي نهائيًا';

/** What was typed, as the count it names (Arabic-Indic digits and spaces accepted); undefined for anything else. */
function typedCount(typed: string): number | undefined {
  const digits = normalizeDigits(typed).trim();
  return /^\d+$/.test(digits) ? Number(digits) : undefined;
}

/**
 * Deleting a closed season (issue 21, item 7) takes every student of it, their data and images, with no way back:
 * the dialog states the student count and enables the delete only once that count is typed back. The server checks
 * the same count, so a season that gained or lost students since the list was read is not deleted.
 */
export function DeleteSeasonDialog({ season, onClose }: { season: Season; onClose: () => void }) {
  const { token } = useStaffSession();
  const refuse = useStaffRefusal();
  const remove = useDeleteSeason(token);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string>();
  const matches = typedCount(typed) === season.students;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    setProblem(undefined);
    remove.mutate(
      { id: season.id, confirmCount: season.students },
      {
        onSuccess: (result) => {
          if (result.status === 'error') return refuse(result, setProblem);
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={`حذف العام الدراسي ${season.name}؟`}
      centered
      styles={DIALOG_STYLES}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text>
            يحذف نهائيًا كل طلاب هذا العام وعددهم <bdi>{season.students}</bdi>، مع بياناتهم وصورهم وإجاباتهم
            وسجلاتهم. لا يمكن التراجع عن الحذف.
          </Text>
          <InputField
            label={`اكتب عدد الطلاب (${season.students}) للتأكيد`}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            inputMode="numeric"
            dir="ltr"
            autoComplete="off"
            data-autofocus
            w={{ base: '100%', xs: 200 }}
          />
          {problem && (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {CANCEL}
            </Button>
            <Button type="submit" color="red" disabled={!matches} loading={remove.isPending}>
              {DELETE}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
