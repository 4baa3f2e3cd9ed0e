import { Group, NativeSelect } from '@mantine/core';
import { MESSAGES } from '@portal/common';
import { useState } from 'react';
import { Button } from '@/components/button';
import { useFaculties } from './api/faculties';
import classes from './faculty-picker.module.css';
import { ERROR_PROPS } from './field-error';

const CHOOSE = 'اختر الكلية';
const SHOW = 'عرض الطلاب';

interface FacultyPickerProps {
  onPick: (faculty: string) => void;
  /** The faculty already shown (kept in the address), so coming back to the screen keeps the choice. */
  initial?: string | null;
  submitLabel?: string;
}

/**
 * The faculty choice of a super admin and support (spec section 2): a dropdown and a button that shows that
 * faculty's students. A button rather than a change handler, so that moving through the list with the arrow keys
 * does not send a request for every faculty passed.
 */
export function FacultyPicker({ onPick, initial, submitLabel = SHOW }: FacultyPickerProps) {
  const faculties = useFaculties();
  const [value, setValue] = useState(initial ?? '');
  const [error, setError] = useState<string | undefined>();
  const names = faculties.data?.status === 'success' ? faculties.data.data.data.data : [];
  const loadError = faculties.data?.status === 'error' ? faculties.data.message : undefined;
  // A remembered faculty must stay selectable while the list loads (a select drops an unknown value).
  const options = value && !names.includes(value) ? [value, ...names] : names;

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
          data={[{ value: '', label: CHOOSE }, ...options]}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(undefined);
          }}
          error={error ?? loadError}
          errorProps={ERROR_PROPS}
          style={{ flex: '1 1 18rem' }}
        />
        <Group gap="sm" className={classes.actions}>
          <Button type="submit">{submitLabel}</Button>
        </Group>
      </Group>
    </form>
  );
}
