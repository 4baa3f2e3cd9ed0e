import { DOCUMENT_STATE_LABELS, REFUSAL_REASON_LABELS, type ReviewedDocument } from '@portal/common';
import { DateTime } from '@/components/admin/date-time';
import classes from './student-record.module.css';

const UPLOADED_AT = 'تاريخ الرفع';
const SIZE = 'الحجم';
const LAST_DECISION = 'القرار المحفوظ';
const BY = 'بواسطة';

export function DocumentFacts({ document }: { document: ReviewedDocument }) {
  return (
    <dl className={classes.facts}>
      <div>
        <dt>{UPLOADED_AT}</dt>
        <dd>
          <DateTime value={document.uploadedAt} />
        </dd>
      </div>
      <div>
        <dt>{SIZE}</dt>
        <dd>{Math.max(1, Math.round(document.sizeBytes / 1024))} كيلوبايت</dd>
      </div>
      {document.state !== 'pending' && (
        <div>
          <dt>{LAST_DECISION}</dt>
          <dd>
            {DOCUMENT_STATE_LABELS[document.state]}
            {document.reason ? `: ${REFUSAL_REASON_LABELS[document.reason]}` : ''}
            {document.note ? (
              <>
                {' ('}
                <bdi>{document.note}</bdi>)
              </>
            ) : null}
            {document.reviewedBy ? (
              <>
                {' '}
                — {BY} <bdi>{document.reviewedBy}</bdi>
              </>
            ) : null}
            {document.reviewedAt ? (
              <>
                {' '}
                <DateTime value={document.reviewedAt} />
              </>
            ) : null}
          </dd>
        </div>
      )}
    </dl>
  );
}
