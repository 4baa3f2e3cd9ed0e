import { Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { FieldGrid, ProgramChoices, QualificationYearField, TextField } from './form-fields';
import type { CollegeFlags } from './form-values';

const SECTION_STUDENT = 'بيانات الطالب';
const SECTION_PROGRAMS = 'اختيار البرامج';
const PROGRAMS_HINT =
  'اختر ثلاثة برامج مختلفة بترتيب رغبتك؛ البرنامج المختار في خانة لا يظهر في الخانتين الأخريين.';
const SECTION_GUARDIAN = 'بيانات ولي الأمر';
const SECTION_FATHER = 'بيانات الأب';
const SECTION_MOTHER = 'بيانات الأم';
const SECTION_FAMILY = 'بيانات الأسرة';

export function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'sm', xs: 'md', sm: 'lg' }}
      aria-labelledby={titleId}
    >
      <Stack gap="md">
        <Title order={3} id={titleId} size="h4">
          {title}
        </Title>
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * The form in the order it is rendered, one step after another (useStagedCount): rendered and committed at once,
 * the whole form was one task of 300-400 ms on a slow phone (issue 10). The student section and the images are two
 * steps each, so no step commits more than a handful of inputs.
 */
const STEPS = [
  'student',
  'studentRest',
  'programs',
  'guardian',
  'father',
  'mother',
  'family',
  'files',
  'filesRest',
  'end',
] as const;
export type FormStep = (typeof STEPS)[number];

export function formSteps(college: CollegeFlags, hasPrograms: boolean): FormStep[] {
  return STEPS.filter((step) => {
    if (step === 'programs') return college.tourism && hasPrograms;
    if (step === 'mother' || step === 'family') return college.socialWork;
    return true;
  });
}

/** The sections the student types into, each rendered once its step has come (`has`). */
export function DataSections({
  has,
  college,
  programs,
  locked,
}: {
  has: (step: FormStep) => boolean;
  college: CollegeFlags;
  /** The tourism college's programs (undefined for other colleges). */
  programs: readonly string[] | undefined;
  locked: boolean;
}) {
  return (
    <>
      {has('student') && (
        <Section title={SECTION_STUDENT}>
          <FieldGrid>
            <TextField name="studentNameEn" kind="latinName" disabled={locked} />
            <TextField name="phoneNumber" kind="tel" autoComplete="tel" disabled={locked} />
            <TextField name="homeTel" kind="tel" disabled={locked} />
            <TextField name="email" kind="email" disabled={locked} />
          </FieldGrid>
          {/* Split after an even number of fields, the two grids lay out as one. */}
          {has('studentRest') && (
            <FieldGrid>
              <TextField name="address" autoComplete="street-address" disabled={locked} />
              {college.socialWork && (
                <TextField name="city" autoComplete="address-level2" disabled={locked} />
              )}
              <TextField name="qualification" disabled={locked} />
              <QualificationYearField disabled={locked} />
              <TextField name="totalGrade" kind="decimal" disabled={locked} />
              <TextField name="percentage" kind="decimal" disabled={locked} />
            </FieldGrid>
          )}
        </Section>
      )}

      {has('programs') && programs && (
        <Section title={SECTION_PROGRAMS} hint={PROGRAMS_HINT}>
          <ProgramChoices programs={programs} disabled={locked} />
        </Section>
      )}

      {has('guardian') && (
        <Section title={SECTION_GUARDIAN}>
          <FieldGrid>
            <TextField name="masterName" disabled={locked} />
            <TextField name="masterJob" disabled={locked} />
            <TextField name="masterQualification" disabled={locked} />
          </FieldGrid>
        </Section>
      )}

      {has('father') && (
        <Section title={SECTION_FATHER}>
          <FieldGrid>
            <TextField name="fatherName" disabled={locked} />
            <TextField name="fatherJob" disabled={locked} />
            <TextField name="fatherQualification" disabled={locked} />
            {college.socialWork && (
              <>
                <TextField name="fatherNationality" disabled={locked} />
                <TextField name="fatherMobile" kind="tel" disabled={locked} />
              </>
            )}
          </FieldGrid>
        </Section>
      )}

      {has('mother') && (
        <Section title={SECTION_MOTHER}>
          <FieldGrid>
            <TextField name="motherName" disabled={locked} />
            <TextField name="motherNationality" disabled={locked} />
            <TextField name="motherJob" disabled={locked} />
            <TextField name="motherMobile" kind="tel" disabled={locked} />
          </FieldGrid>
        </Section>
      )}
      {has('family') && (
        <Section title={SECTION_FAMILY}>
          <FieldGrid>
            <TextField name="brothersNum" kind="integer" disabled={locked} />
            <TextField name="brothersMaleNum" kind="integer" disabled={locked} />
            <TextField name="brothersFemaleNum" kind="integer" disabled={locked} />
            <TextField name="brothersOrder" kind="integer" disabled={locked} />
            <TextField name="income" kind="integer" disabled={locked} />
          </FieldGrid>
        </Section>
      )}
    </>
  );
}
