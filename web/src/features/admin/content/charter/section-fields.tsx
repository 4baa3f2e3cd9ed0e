import { Group, Stack, Textarea, Title } from '@mantine/core';
import { useId } from 'react';
import { ERROR_PROPS } from '@/components/admin/field-error';
import { Button } from '@/components/button';
import { InputField } from '@/components/input-field';
import type { DraftSection } from './charter-draft';
import classes from './charter-editor.module.css';

const SECTION_TITLE = 'عنوان الباب';
const SECTION_TEXT = 'نص الباب';
const SECTION_TEXT_HINT = 'افصل بين الفقرات بسطر فارغ.';
const MOVE_UP = 'تحريك لأعلى';
const MOVE_DOWN = 'تحريك لأسفل';
const REMOVE = 'حذف الباب';

export const sectionLabel = (index: number) => `الباب ${index + 1}`;

interface SectionFieldsProps {
  section: DraftSection;
  index: number;
  count: number;
  errors: { title?: string; text?: string } | undefined;
  onChange: (patch: Partial<DraftSection>) => void;
  onMove: (to: number, button: 'up' | 'down') => void;
  onRemove: () => void;
}

export function SectionFields({
  section,
  index,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
}: SectionFieldsProps) {
  const headingId = useId();
  return (
    <li className={classes.section} aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={headingId}>
          {sectionLabel(index)}
          {section.title.trim() && `: ${section.title.trim()}`}
        </Title>
        <InputField
          id={`${section.key}-title`}
          label={SECTION_TITLE}
          value={section.title}
          onChange={(event) => onChange({ title: event.currentTarget.value })}
          error={errors?.title}
        />
        <Textarea
          label={SECTION_TEXT}
          description={SECTION_TEXT_HINT}
          value={section.text}
          onChange={(event) => onChange({ text: event.currentTarget.value })}
          rows={6}
          resize="vertical"
          size="md"
          error={errors?.text}
          errorProps={ERROR_PROPS}
        />
        <Group gap="xs">
          <Button
            id={`${section.key}-up`}
            size="sm"
            variant="default"
            disabled={index === 0}
            onClick={() => onMove(index - 1, 'up')}
            aria-describedby={headingId}
          >
            {MOVE_UP}
          </Button>
          <Button
            id={`${section.key}-down`}
            size="sm"
            variant="default"
            disabled={index === count - 1}
            onClick={() => onMove(index + 1, 'down')}
            aria-describedby={headingId}
          >
            {MOVE_DOWN}
          </Button>
          <Button size="sm" variant="light" color="red" onClick={onRemove} aria-describedby={headingId}>
            {REMOVE}
          </Button>
        </Group>
      </Stack>
    </li>
  );
}
