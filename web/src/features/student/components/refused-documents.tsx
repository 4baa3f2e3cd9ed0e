import { Group, Stack, Text, Title } from '@mantine/core';
import {
  DOCUMENTS_STATUS_LABELS,
  IMAGE_KIND_LABELS,
  type StudentData,
  type StudentDocument,
} from '@portal/common';
import { useId } from 'react';
import { ButtonLink } from '@/components/button';
import { ExclamationIcon } from '@/components/icons';
import classes from './refused-documents.module.css';

export const REPLACE_DOCUMENTS_PATH = '/dashboard/replaceDocuments';

const TITLE = 'مستندات مطلوب استبدالها';
const INTRO = 'راجعت الكلية مستنداتك ولم تقبل المستندات التالية. ارفع صورة جديدة واضحة لكل منها.';
const REASON = 'سبب الرفض:';
const NOTE = 'ملاحظة:';
const REPLACE = 'استبدال المستندات المرفوضة';
const STATUS = 'حالة المستندات:';

/** The documents staff refused, in the order the lookup lists them. */
export function refusedDocuments(student: StudentData): StudentDocument[] {
  return student.documents.filter((document) => document.state === 'rejected');
}

/**
 * Why one document was refused: the reason (already Arabic) and the reviewer's note. The note is whatever staff
 * typed, so it is only ever text, isolated so that Latin words in it do not reorder the Arabic around it.
 */
export function RefusalDetails({ document, boxed = false }: { document: StudentDocument; boxed?: boolean }) {
  return (
    <Stack gap={2} className={boxed ? classes.refusal : undefined}>
      {document.reason !== null && (
        <Text size="sm">
          <Text span fw={600}>
            {REASON}
          </Text>{' '}
          {document.reason}
        </Text>
      )}
      {document.note !== null && document.note !== '' && (
        <Text size="sm" className={classes.note}>
          <Text span fw={600}>
            {NOTE}
          </Text>{' '}
          <bdi>{document.note}</bdi>
        </Text>
      )}
    </Stack>
  );
}

/**
 * What the student must fix, above their data: a section with its own heading (a landmark a screen reader lists),
 * not an alert, because it is there on every visit until the documents are replaced, not news to interrupt with.
 */
export function RefusedDocuments({ documents }: { documents: readonly StudentDocument[] }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={classes.block}>
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <ExclamationIcon size={22} className={classes.icon} />
          <Title order={3} size="h4" id={titleId}>
            {TITLE}
          </Title>
        </Group>
        <Text>{INTRO}</Text>
        <Stack component="ul" gap="sm" className={classes.list}>
          {documents.map((document) => (
            <li key={document.kind} className={classes.item}>
              <Text fw={700}>{IMAGE_KIND_LABELS[document.kind]}</Text>
              <RefusalDetails document={document} />
            </li>
          ))}
        </Stack>
        <ButtonLink
          to={REPLACE_DOCUMENTS_PATH}
          w={{ base: '100%', xs: 'auto' }}
          style={{ alignSelf: 'flex-start' }}
        >
          {REPLACE}
        </ButtonLink>
      </Stack>
    </section>
  );
}

/** Where the review of completed data stands, in one line; a refusal has the block above instead. */
export function DocumentsStatusLine({ student }: { student: StudentData }) {
  if (!student.isComplete || student.documentsStatus === 'none') return null;
  return (
    <Text>
      {STATUS}{' '}
      <Text span fw={600}>
        {DOCUMENTS_STATUS_LABELS[student.documentsStatus]}
      </Text>
    </Text>
  );
}
