import { Group, NativeSelect } from '@mantine/core';
import { type GetAdminRequest, MESSAGES } from '@portal/common';
import { useForm } from 'react-hook-form';
import { ERROR_PROPS } from '@/components/admin/field-error';
import { Button } from '@/components/button';
import { InputField } from '@/components/input-field';
import classes from './admins-management.module.css';

/** Spec section 9: admin search types, 1 = user name, 2 = mobile. */
const SEARCH_TYPES = [
  { value: '', label: 'اختر نوع البحث' },
  { value: '1', label: 'اسم المستخدم' },
  { value: '2', label: 'رقم الموبايل' },
];

interface SearchValues {
  type: '' | '1' | '2';
  value: string;
}

const required = (value: string) => value.trim() !== '' || MESSAGES.adminSearchRequired;

interface AdminSearchProps {
  pending: boolean;
  searching: boolean;
  onSearch: (query: GetAdminRequest) => void;
  onShowAll: () => void;
}

/** Needs both a search type and a value (spec section 5). */
export function AdminSearch({ pending, searching, onSearch, onShowAll }: AdminSearchProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SearchValues>({ defaultValues: { type: '', value: '' } });

  const submit = handleSubmit(({ type, value }) =>
    onSearch(type === '1' ? { userName: value.trim() } : { phoneNumber: value.trim() }),
  );

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 and to jsdom; the role works everywhere.
    <form role="search" aria-label="البحث عن مسؤول" onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <NativeSelect
          size="md"
          label="نوع البحث"
          data={SEARCH_TYPES}
          error={errors.type?.message}
          errorProps={ERROR_PROPS}
          w={{ base: '100%', xs: 180 }}
          {...register('type', { validate: required })}
        />
        <InputField
          label="قيمة البحث"
          dir="auto"
          error={errors.value?.message}
          errorProps={ERROR_PROPS}
          style={{ flex: '1 1 14rem' }}
          {...register('value', { validate: required })}
        />
        <Group gap="sm" wrap="nowrap" className={classes.searchActions}>
          <Button type="submit" loading={pending}>
            بحث
          </Button>
          {searching && (
            <Button
              variant="subtle"
              onClick={() => {
                reset();
                onShowAll();
              }}
            >
              عرض الكل
            </Button>
          )}
        </Group>
      </Group>
    </form>
  );
}
