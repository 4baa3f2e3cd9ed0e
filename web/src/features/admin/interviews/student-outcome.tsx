import {
  Alert,
  Badge,
  Group,
  Button as MantineButton,
  Radio,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  INTERVIEW_CRITERIA,
  INTERVIEW_CRITERION_KEYS,
  INTERVIEW_DECISION_LABELS,
  INTERVIEW_NOTES_MAX_LENGTH,
  INTERVIEW_TOTAL_MAX,
  type InterviewDayStudent,
  type InterviewOutcome,
  type InterviewOutcomeInput,
  PERIOD_LABELS,
} from '@portal/common';
import { useId, useRef, useState } from 'react';
import { type Control, Controller, useForm, useWatch } from 'react-hook-form';
import { DateTime } from '@/components/admin/date-time';
import { ERROR_PROPS } from '@/components/admin/field-error';
import { useStaffErrorHandler, useStaffSession } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import { InputField } from '@/components/input-field';
import { showSuccessNotice } from '@/components/notices';
import { useSaveOutcome } from './api/interviews';
import classes from './interviews.module.css';
import { type OutcomeValues, outcomeResolver, outcomeValues, runningTotal } from './outcome-values';

const NATIONAL_ID = 'الرقم القومي';
const PLACE = 'المكان';
const NO_PLACE = 'لم يحدد';
const HOW = 'طريقة التحديد:';
const SOURCE = { booking: 'حجز الطالب', staff: 'جدولة الكلية' } as const;
const RECORD = 'تسجيل النتيجة';
const CORRECT = 'تصحيح النتيجة';
const ATTENDANCE = 'الحضور';
const PRESENT = 'حضر';
const ABSENT = 'غاب';
const SCORES = 'درجات التقييم';
const TOTAL = 'المجموع';
const DECISION = 'القرار';
const NO_DECISION = 'لم يحدد بعد';
const NOTES = 'ملاحظات اللجنة';
const SAVE = 'حفظ النتيجة';
const CANCEL = 'إلغاء';
const ABSENT_HINT = 'لا تسجل درجات ولا قرار لطالب غائب.';

/** One student of the day: who, where, how appointed, the outcome so far, and its form when opened. */
export function StudentOutcome({
  student,
  showPeriod,
}: {
  student: InterviewDayStudent;
  showPeriod: boolean;
}) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const nameId = useId();
  const formId = useId();

  const close = () => {
    setOpen(false);
    // The form under the button has gone: the button it opened from takes the focus back.
    requestAnimationFrame(() => toggleRef.current?.focus());
  };

  return (
    <li className={classes.student} aria-labelledby={nameId}>
      <div className={classes.studentHead}>
        <Stack gap={4}>
          <Title order={4} size="h5" id={nameId}>
            {student.name}
          </Title>
          <Text size="sm">
            {`${NATIONAL_ID}: `}
            <bdi dir="ltr">{student.nationalId}</bdi>
          </Text>
          {showPeriod && <Text size="sm">{PERIOD_LABELS[student.period]}</Text>}
          <Text size="sm">
            {`${PLACE}: `}
            {student.place === null ? NO_PLACE : <bdi>{student.place}</bdi>}
          </Text>
          <Text size="sm" c="dimmed">{`${HOW} ${SOURCE[student.source]}`}</Text>
        </Stack>
        <Stack gap="xs" align="flex-start" className={classes.studentSide}>
          <OutcomeSummary outcome={student.outcome} />
          {/* Mantine's own button: the focus comes back to it, which needs its ref. */}
          <MantineButton
            ref={toggleRef}
            size="sm"
            variant={open ? 'default' : 'light'}
            aria-expanded={open}
            aria-controls={open ? formId : undefined}
            aria-describedby={nameId}
            onClick={() => (open ? close() : setOpen(true))}
          >
            {student.outcome ? CORRECT : RECORD}
          </MantineButton>
        </Stack>
      </div>
      {student.outcome && (
        <Text size="xs" c="dimmed">
          {'آخر حفظ '}
          <DateTime value={student.outcome.updatedAt} />
          {student.outcome.recordedBy && (
            <>
              {' — '}
              <bdi>{student.outcome.recordedBy}</bdi>
            </>
          )}
        </Text>
      )}
      {open && <OutcomeForm id={formId} student={student} onDone={close} />}
    </li>
  );
}

function OutcomeSummary({ outcome }: { outcome: InterviewOutcome | null }) {
  if (outcome === null)
    return (
      <Badge variant="light" color="gray" c="gray.9" radius="sm" tt="none" className={classes.badge}>
        لم تسجل النتيجة
      </Badge>
    );
  if (!outcome.attended)
    return (
      <Badge variant="light" color="orange" c="orange.9" radius="sm" tt="none" className={classes.badge}>
        غائب
      </Badge>
    );
  return (
    <Group gap="xs">
      <Badge variant="light" color="teal" c="teal.9" radius="sm" tt="none" className={classes.badge}>
        {outcome.total === null ? 'حضر، لم تكتمل الدرجات' : `${outcome.total} من ${INTERVIEW_TOTAL_MAX}`}
      </Badge>
      {outcome.decision && (
        <Badge
          variant="light"
          color={outcome.decision === 'suitable' ? 'teal' : 'red'}
          c={outcome.decision === 'suitable' ? 'teal.9' : 'red.9'}
          radius="sm"
          tt="none"
          className={classes.badge}
        >
          {INTERVIEW_DECISION_LABELS[outcome.decision]}
        </Badge>
      )}
    </Group>
  );
}

/**
 * Attendance, the six scores with their live total, the decision and notes, checked with the server's own
 * schema before saving. An absent student's scores and decision are hidden, and left out of what is saved.
 */
function OutcomeForm({
  id,
  student,
  onDone,
}: {
  id: string;
  student: InterviewDayStudent;
  onDone: () => void;
}) {
  const { token } = useStaffSession();
  const handleError = useStaffErrorHandler();
  const save = useSaveOutcome(token);
  const [problem, setProblem] = useState<string>();
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<OutcomeValues, unknown, InterviewOutcomeInput>({
    resolver: outcomeResolver,
    defaultValues: outcomeValues(student.outcome),
  });
  const attended = useWatch({ control, name: 'attended' });

  const submit = handleSubmit((body) => {
    setProblem(undefined);
    save.mutate(
      { studentId: student.studentId, body },
      {
        onSuccess: (result) => {
          if (result.status === 'error') {
            if (result.httpStatus === 401) return handleError(result);
            return setProblem(result.message);
          }
          showSuccessNotice(`${result.data.message}: ${student.name}`);
          onDone();
        },
      },
    );
  });

  return (
    <form id={id} onSubmit={submit} noValidate aria-label={`نتيجة ${student.name}`} className={classes.form}>
      <Stack gap="md">
        <Controller
          control={control}
          name="attended"
          render={({ field, fieldState }) => (
            <Radio.Group
              label={ATTENDANCE}
              withAsterisk
              value={field.value || null}
              onChange={field.onChange}
              error={fieldState.error?.message}
              errorProps={ERROR_PROPS}
            >
              <Group gap="lg" mt="xs">
                <Radio ref={field.ref} value="present" label={PRESENT} size="md" />
                <Radio value="absent" label={ABSENT} size="md" />
              </Group>
            </Radio.Group>
          )}
        />

        {attended === 'absent' ? (
          <Text size="sm">{ABSENT_HINT}</Text>
        ) : (
          <>
            <fieldset className={classes.scores}>
              <legend className={classes.legend}>{SCORES}</legend>
              <div className={classes.scoreList}>
                {INTERVIEW_CRITERIA.map(({ key, label, max }) => (
                  <InputField
                    key={key}
                    label={label}
                    description={`من 0 إلى ${max}`}
                    inputMode="numeric"
                    autoComplete="off"
                    error={errors[key]?.message}
                    errorProps={ERROR_PROPS}
                    // The criterion on the start side and its score beside it, as on the paper form.
                    classNames={{
                      root: classes.scoreRow,
                      label: classes.scoreLabel,
                      description: classes.scoreHint,
                      wrapper: classes.scoreInput,
                      error: classes.scoreError,
                    }}
                    {...register(key)}
                  />
                ))}
              </div>
              <LiveTotal control={control} />
            </fieldset>
            <Controller
              control={control}
              name="decision"
              render={({ field, fieldState }) => (
                <Radio.Group
                  label={DECISION}
                  value={field.value || 'none'}
                  onChange={(value) => field.onChange(value === 'none' ? '' : value)}
                  error={fieldState.error?.message}
                  errorProps={ERROR_PROPS}
                >
                  <Group gap="lg" mt="xs">
                    <Radio
                      ref={field.ref}
                      value="suitable"
                      label={INTERVIEW_DECISION_LABELS.suitable}
                      color="teal.8"
                      size="md"
                    />
                    <Radio
                      value="notSuitable"
                      label={INTERVIEW_DECISION_LABELS.notSuitable}
                      color="red.9"
                      size="md"
                    />
                    <Radio value="none" label={NO_DECISION} size="md" />
                  </Group>
                </Radio.Group>
              )}
            />
          </>
        )}

        <Textarea
          size="md"
          label={NOTES}
          rows={3}
          resize="vertical"
          maxLength={INTERVIEW_NOTES_MAX_LENGTH}
          dir="auto"
          error={errors.notes?.message}
          errorProps={ERROR_PROPS}
          {...register('notes')}
        />

        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            {SAVE}
          </Button>
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {CANCEL}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The sum of the valid scores as they are typed, out of 100; says how many are still missing. */
function LiveTotal({ control }: { control: Control<OutcomeValues, unknown, InterviewOutcomeInput> }) {
  const typed = useWatch({ control, name: INTERVIEW_CRITERION_KEYS });
  const values = Object.fromEntries(INTERVIEW_CRITERION_KEYS.map((key, index) => [key, typed[index] ?? '']));
  const { total, scored } = runningTotal(values as OutcomeValues);
  const missing = INTERVIEW_CRITERIA.length - scored;
  return (
    <div className={classes.total} aria-live="polite" data-testid="live-total">
      <Text span fw={600}>
        {`${TOTAL}: `}
      </Text>
      <Text span fw={700} fz="lg">{`${total} من ${INTERVIEW_TOTAL_MAX}`}</Text>
      {missing > 0 && (
        <Text span size="sm">
          {` (بقي ${missing} من ${INTERVIEW_CRITERIA.length} عناصر)`}
        </Text>
      )}
    </div>
  );
}
