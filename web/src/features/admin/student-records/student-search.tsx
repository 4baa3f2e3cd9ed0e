import { Group, NativeSelect } from '@mantine/core';
import { MESSAGES, STUDENT_SEARCH_TYPES } from '@portal/common';
import { useForm } from 'react-hook-form';
import { ERROR_PROPS } from '@/components/admin/field-error';
import { Button } from '@/components/button';
import { InputField } from '@/components/input-field';
import classes from './students-info.module.css';

/** Spec section 9: student search types, 1 = name, 2 = national ID. */
const SEARCH_TYPES = [
  { value: '', label: 'اختر نوع البحث' },
  { value: String(STUDENT_SEARCH_TYPES.name), label: 'الاسم' },
  { value: String(STUDENT_SEARCH_TYPES.nationalId), label: 'الرقم القومي' },
];
const SEARCH_LABEL = 'البحث عن طالب';
const SEARCH = 'بحث';
const CLEAR = 'إلغاء البحث';

interface SearchValues {
  type: '' | '1' | '2';
  text: string;
}

interface StudentSearchProps {
  pending: boolean;
  searching: boolean;
  onSearch: (type: 1 | 2, text: string) => void;
  onClear: () => void;
}

/** The text must not be empty and a search type must be chosen (spec section 5), each with its own message. */
export function StudentSearch({ pending, searching, onSearch, onClear }: StudentSearchProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SearchValues>({ defaultValues: { type: '', text: '' } });

  const submit = handleSubmit(({ type, text }) => onSearch(type === '1' ? 1 : 2, text.trim()));

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 and to jsdom; the role works everywhere.
    <form role="search" aria-label={SEARCH_LABEL} onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <NativeSelect
          size="md"
          label="نوع البحث"
          data={SEARCH_TYPES}
          error={errors.type?.message}
          errorProps={ERROR_PROPS}
          w={{ base: '100%', xs: 180 }}
          {...register('type', { validate: (value) => value !== '' || MESSAGES.studentSearchTypeRequired })}
        />
        <InputField
          label="نص البحث"
          dir="auto"
          autoComplete="off"
          error={errors.text?.message}
          errorProps={ERROR_PROPS}
          style={{ flex: '1 1 14rem' }}
          {...register('text', {
            validate: (value) => value.trim() !== '' || MESSAGES.studentSearchRequired,
          })}
        />
        <Group gap="sm" wrap="nowrap" className={classes.formActions}>
          <Button type="submit" loading={pending}>
            {SEARCH}
          </Button>
          {searching && (
            <Button
              variant="subtle"
              onClick={() => {
                reset();
                onClear();
              }}
            >
              {CLEAR}
            </Button>
          )}
        </Group>
      </Group>
    </form>
  );
}
