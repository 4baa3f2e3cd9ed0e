import { Group, NativeSelect } from '@mantine/core';
import { MESSAGES } from '@portal/common';
import { useState } from 'react';
import { Button } from '@/components/button';
import { ERROR_PROPS } from '../shared/field-error';
import { useFaculties } from './api/students';
import classes from './students-info.module.css';

const CHOOSE = 'اختر الكلية';
const SHOW = 'عرض الطلاب';

/** The faculty choice of a super admin and support (spec section 2): a dropdown and a button that shows the list. */
export function FacultyPicker({ onPick }: { onPick: (faculty: string) => void }) {
  const faculties = useFaculties();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const names = faculties.data?.status === 'success' ? faculties.data.data.data.data : [];
  const loadError = faculties.data?.status === 'error' ? faculties.data.message : undefined;

  return (
    <form
      aria-label="اختيار الكلية"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (value === '') return setError(MESSAGES.facultyRequired);
        setError(undefined);
        onPick(value);
      }}
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <NativeSelect
          size="md"
          label="الكلية"
          data={[{ value: '', label: CHOOSE }, ...names]}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(undefined);
          }}
          error={error ?? loadError}
          errorProps={ERROR_PROPS}
          style={{ flex: '1 1 18rem' }}
        />
        <Group gap="sm" className={classes.formActions}>
          <Button type="submit">{SHOW}</Button>
        </Group>
      </Group>
    </form>
  );
}
