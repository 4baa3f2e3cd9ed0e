import { Badge } from '@mantine/core';
import {
  DOCUMENT_STATE_LABELS,
  type DocumentState,
  IMAGE_KIND_LABELS,
  type ReviewedDocument,
} from '@portal/common';
import type { DocumentImage } from './api/use-document-images';
import classes from './student-record.module.css';

const UNSAVED = 'لم يحفظ';
const STATE_COLORS: Record<DocumentState, string> = { pending: 'gray', accepted: 'teal', rejected: 'red' };

export function DocumentTab({
  document,
  image,
  decision,
  changed,
}: {
  document: ReviewedDocument;
  image: DocumentImage | undefined;
  decision: 'accepted' | 'rejected' | '';
  changed: boolean;
}) {
  const state: DocumentState = decision || 'pending';
  return (
    <span className={classes.docTabInner}>
      {image?.status === 'ready' ? (
        <img src={image.url} alt="" className={classes.thumb} />
      ) : (
        <span className={classes.thumb} />
      )}
      <span className={classes.docTabText}>
        <span className={classes.docTabLabel}>{IMAGE_KIND_LABELS[document.kind]}</span>
        <Badge
          variant="light"
          color={STATE_COLORS[state]}
          c={`${STATE_COLORS[state]}.9`}
          radius="sm"
          tt="none"
          fw={600}
          miw="max-content"
        >
          {DOCUMENT_STATE_LABELS[state]}
          {changed ? ` (${UNSAVED})` : ''}
        </Badge>
      </span>
    </span>
  );
}
