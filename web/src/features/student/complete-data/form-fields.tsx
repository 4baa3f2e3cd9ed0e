import { NativeSelect, SimpleGrid, Text } from '@mantine/core';
import { COMPLETE_DATA_LABELS, type ImageKind } from '@portal/common';
import { type ReactNode, useContext } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { InputField } from '@/components/input-field';
import classes from './complete-data.module.css';
import { FieldProblemContext } from './field-problem';
import { type CompleteDataForm, type FormField, fieldOfInput, inputId } from './form-values';

function useProblemOf(target: FormField | ImageKind): string | undefined {
  const problem = useContext(FieldProblemContext);
  return problem?.target === target ? problem.message : undefined;
}

/** How an input is typed: its keyboard on a phone, its direction and what the browser may fill in. */
export type FieldKind = 'text' | 'latinName' | 'email' | 'tel' | 'integer' | 'decimal' | 'year';

const LTR = { dir: 'ltr', classNames: { input: classes.ltrInput } } as const;

const KIND_PROPS: Record<FieldKind, Record<string, unknown>> = {
  text: {},
  latinName: { ...LTR, lang: 'en', autoComplete: 'name', spellCheck: false },
  email: { ...LTR, type: 'email', inputMode: 'email', autoComplete: 'email', spellCheck: false },
  // Plain text inputs, so Arabic-Indic digits can be typed; the shared rules normalise them.
  tel: { ...LTR, type: 'tel', inputMode: 'tel' },
  integer: { ...LTR, inputMode: 'numeric' },
  decimal: { ...LTR, inputMode: 'decimal' },
  year: { ...LTR, inputMode: 'numeric', maxLength: 4 },
};

interface TextFieldProps {
  name: FormField;
  kind?: FieldKind;
  label?: string;
  autoComplete?: string;
  disabled: boolean;
}

/** A labelled input of the form; a failing rule shows its message under it (aria-invalid, aria-describedby). */
export function TextField({ name, kind = 'text', label, autoComplete, disabled }: TextFieldProps) {
  const { register } = useFormContext<CompleteDataForm>();
  const error = useProblemOf(name);
  return (
    <InputField
      id={inputId(name)}
      label={label ?? COMPLETE_DATA_LABELS[fieldOfInput(name)]}
      withAsterisk
      error={error}
      // The form's message box announces the failing rule; focus then lands here and reads this message.
      announceError={false}
      disabled={disabled}
      {...KIND_PROPS[kind]}
      {...(autoComplete ? { autoComplete } : {})}
      {...register(name)}
    />
  );
}

const YEAR_FIRST = 'السنة الأولى';
const YEAR_SECOND = 'السنة الثانية';
const YEAR_EXAMPLE = 'العام الدراسي، مثال: 2025 ثم 2026';

/** The qualification year: two years (e.g. 2025 and 2026), sent joined as 'first/second'. */
export function QualificationYearField({ disabled }: { disabled: boolean }) {
  const exampleId = `${inputId('qualificationYearFirst')}-example`;
  return (
    <fieldset className={classes.fieldset} aria-describedby={exampleId}>
      <legend className={classes.legend}>{COMPLETE_DATA_LABELS.qualificationYear}</legend>
      <Text id={exampleId} size="sm" c="dimmed" mb="xs">
        {YEAR_EXAMPLE}
      </Text>
      <div className={classes.yearPair}>
        <TextField name="qualificationYearFirst" kind="year" label={YEAR_FIRST} disabled={disabled} />
        <TextField name="qualificationYearSecond" kind="year" label={YEAR_SECOND} disabled={disabled} />
      </div>
    </fieldset>
  );
}

const CHOOSE_PROGRAM = 'اختر البرنامج';
const PROGRAM_SLOTS = ['program1', 'program2', 'program3'] as const;

/**
 * The programs a slot may offer: the college's list without those chosen in the other two slots (spec section 5,
 * rule 4). A stored choice the college no longer lists stays visible in its own slot.
 */
export function programOptions(
  programs: readonly string[],
  chosen: readonly string[],
  slot: number,
): string[] {
  const taken = new Set(chosen.filter((value, i) => i !== slot && value !== ''));
  const options = programs.filter((program) => !taken.has(program));
  const own = chosen[slot] ?? '';
  return own !== '' && !programs.includes(own) ? [own, ...options] : options;
}

/** Three program choices of a tourism college; a program chosen in one slot leaves the other two lists. */
export function ProgramChoices({ programs, disabled }: { programs: readonly string[]; disabled: boolean }) {
  const { register, control } = useFormContext<CompleteDataForm>();
  const chosen = useWatch({ control, name: [...PROGRAM_SLOTS] });
  const problem = useContext(FieldProblemContext);
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      {PROGRAM_SLOTS.map((slot, i) => (
        <NativeSelect
          key={slot}
          id={inputId(slot)}
          label={COMPLETE_DATA_LABELS[slot]}
          withAsterisk
          size="md"
          disabled={disabled}
          error={problem?.target === slot ? problem.message : undefined}
          data={[
            { value: '', label: CHOOSE_PROGRAM },
            ...programOptions(programs, chosen, i).map((program) => ({ value: program, label: program })),
          ]}
          {...register(slot)}
        />
      ))}
    </SimpleGrid>
  );
}

/** Two columns from the small breakpoint on, one on a phone. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      {children}
    </SimpleGrid>
  );
}
