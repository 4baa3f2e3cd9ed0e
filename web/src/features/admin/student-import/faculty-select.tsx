import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { forwardRef } from 'react';
import { ERROR_PROPS } from '../shared/field-error';
import { useFaculties } from './api/student-lists';

const CHOOSE = 'اختر الكلية';

/** The faculty dropdown of the upload and delete-data forms: 'choose faculty' first, then the server's list. */
export const FacultySelect = forwardRef<HTMLSelectElement, Omit<NativeSelectProps, 'data'>>(
  function FacultySelect({ error, ...rest }, ref) {
    const faculties = useFaculties();
    const names = faculties.data?.status === 'success' ? faculties.data.data.data.data : [];
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
  },
);
