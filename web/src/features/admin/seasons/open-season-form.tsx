import { Alert, Group, Stack, Text } from '@mantine/core';
import { type OpenSeasonBody, openSeasonBodySchema, type Season } from '@portal/common';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { schemaResolver } from '@/components/admin/schema-resolver';
import { Section } from '@/components/admin/section';
import { useStaffRefusal, useStaffSession } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import { InputField } from '@/components/input-field';
import { useOpenSeason } from './api/seasons';
import { nextSeasonName } from './season-name';

const TITLE = 'فتح عام دراسي جديد';
const NAME = 'اسم العام الدراسي الجديد';
const NAME_HINT = 'سنتان متتاليتان، مثل 2027/2028.';
const OPEN = 'فتح العام الدراسي';

interface OpenSeasonValues {
  name: string;
}

/**
 * Opens the next season (issue 21), after a confirmation that says what happens to the current one. The name comes
 * filled in with the year after the current season's; Arabic-Indic digits and spaces are accepted as typed (the
 * shared schema normalises them, as the server does). A refusal about the name shows under the field.
 */
export function OpenSeasonForm({ current }: { current: Season | undefined }) {
  const { token } = useStaffSession();
  const refuse = useStaffRefusal();
  const open = useOpenSeason(token);
  const titleId = useId();
  const [confirming, setConfirming] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<OpenSeasonValues, unknown, OpenSeasonBody>({
    defaultValues: { name: nextSeasonName(current) },
    resolver: schemaResolver(openSeasonBodySchema),
  });

  const confirm = (name: string) => {
    setProblem(undefined);
    open.mutate(name, {
      onSuccess: (result) => {
        setConfirming(undefined);
        if (result.status === 'error')
          return refuse(result, (message) =>
            // 400 and 409 are about the name (malformed, not later than the current one, taken).
            result.httpStatus === 400 || result.httpStatus === 409
              ? setError('name', { message }, { shouldFocus: true })
              : setProblem(message),
          );
      },
    });
  };

  return (
    <Section title={TITLE} id={titleId}>
      <Text>
        {current ? (
          <>
            يغلق فتح عام جديد العام الحالي <bdi>{current.name}</bdi>، فتبقى بياناته للاطلاع والبحث والتنزيل
            ولا تعدل، وتعمل الاستيرادات وتسجيل دخول الطلاب والمواعيد والإحصائيات على العام الجديد.
          </>
        ) : (
          'تعمل الاستيرادات وتسجيل دخول الطلاب والمواعيد والإحصائيات على العام الجديد.'
        )}
      </Text>
      <form onSubmit={handleSubmit(({ name }) => setConfirming(name))} noValidate aria-labelledby={titleId}>
        <Stack gap="sm">
          <InputField
            label={NAME}
            description={NAME_HINT}
            dir="ltr"
            autoComplete="off"
            error={errors.name?.message}
            w={{ base: '100%', xs: 260 }}
            {...register('name')}
          />
          <Group>
            <Button type="submit">{OPEN}</Button>
          </Group>
          {problem && (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
        </Stack>
      </form>

      {confirming && (
        <ConfirmDialog
          title={`فتح العام الدراسي ${confirming}؟`}
          pending={open.isPending}
          onCancel={() => setConfirming(undefined)}
          onConfirm={() => confirm(confirming)}
        >
          {current
            ? `يغلق العام الدراسي الحالي ${current.name} ويصبح للاطلاع فقط: لا تعدل بيانات طلابه ولا يضاف إليه طلاب. لا يمكن التراجع عن ذلك.`
            : 'يصبح هذا العام الدراسي العام الحالي.'}
        </ConfirmDialog>
      )}
    </Section>
  );
}
