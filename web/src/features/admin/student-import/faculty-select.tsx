import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { forwardRef } from 'react';
import { ERROR_PROPS } from '@/components/admin/field-error';
import { useFacultyChoices } from './api/student-lists';

const CHOOSE = 'اختر الكلية';

interface FacultySelectProps extends Omit<NativeSelectProps, 'data'> {
  /** Leaves out the colleges hidden from new uploads; deleting data still lists them, since students remain. */
  withoutHidden?: boolean;
}

/** The faculty dropdown of the upload and delete-data forms: 'choose faculty' first, then the server's list. */
export const FacultySelect = forwardRef<HTMLSelectElement, FacultySelectProps>(function FacultySelect(
  { error, withoutHidden = false, ...rest },
  ref,
) {
  const faculties = useFacultyChoices();
  const answer = faculties.data?.status === 'success' ? faculties.data.data.data : undefined;
  const hidden = new Set(withoutHidden ? answer?.colleges.filter((c) => c.hidden).map((c) => c.name) : []);
  const names = (answer?.data ?? []).filter((name) => !hidden.has(name));
  const loadError = faculties.data?.status === 'error' ? faculties.data.message : undefined;
  return (
    <NativeSelect
      ref={ref}
      size="md"
      label="الكلية"
      data={[{ value: '', label: CHOOSE }, ...names]}
      error={error ?? loadError}
      errorProps={ERROR_PROPS}
      {...rest}
    />
  );
});
