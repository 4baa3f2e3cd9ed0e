import {
  IMAGE_KINDS,
  type ImageKind,
  type RefusalReason,
  type ReviewDecision,
  type ReviewedDocument,
  reviewDecisionSchema,
} from '@portal/common';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** One document's decision as the reviewer is making it ('' = not decided yet, as a pending document loads). */
export interface DecisionDraft {
  decision: 'accepted' | 'rejected' | '';
  reason: RefusalReason | '';
  note: string;
}

export interface ReviewDraft {
  decisions: Partial<Record<ImageKind, DecisionDraft>>;
}

export type DraftField = keyof DecisionDraft;
export type DraftPath = `decisions.${ImageKind}.${DraftField}`;

export const draftPath = (kind: ImageKind, field: DraftField): DraftPath => `decisions.${kind}.${field}`;

/** The decision a document was loaded with: its saved state, or none while it awaits review. */
export function savedDraft(document: ReviewedDocument): DecisionDraft {
  if (document.state === 'pending') return { decision: '', reason: '', note: '' };
  return { decision: document.state, reason: document.reason ?? '', note: document.note ?? '' };
}

export function draftOf(documents: readonly ReviewedDocument[]): ReviewDraft {
  return {
    decisions: Object.fromEntries(documents.map((document) => [document.kind, savedDraft(document)])),
  };
}

/** Whether the reviewer changed a document's decision: only those are sent, so a save never re-stamps the rest. */
export function isChanged(draft: DecisionDraft | undefined, document: ReviewedDocument): boolean {
  if (!draft) return false;
  const saved = savedDraft(document);
  if (draft.decision !== saved.decision) return true;
  return draft.decision === 'rejected' && (draft.reason !== saved.reason || draft.note.trim() !== saved.note);
}

/** The documents in the order of the complete-data form, which is the order the tabs and shortcuts follow. */
export function inFormOrder(documents: readonly ReviewedDocument[]): ReviewedDocument[] {
  return [...documents].sort((a, b) => IMAGE_KINDS.indexOf(a.kind) - IMAGE_KINDS.indexOf(b.kind));
}

export interface ReviewOutput {
  decisions: ReviewDecision[];
}

/**
 * Checks each changed decision with the schema the server applies (`reviewDecisionSchema`), so the reviewer reads
 * the same Arabic message before sending as the server would answer; errors land on the document's own field.
 */
export function reviewResolver(
  documents: readonly ReviewedDocument[],
): Resolver<ReviewDraft, unknown, ReviewOutput> {
  return (values) => {
    const decisions: ReviewDecision[] = [];
    const errors: Partial<Record<ImageKind, Partial<Record<DraftField, { type: string; message: string }>>>> =
      {};
    for (const document of inFormOrder(documents)) {
      const draft = values.decisions[document.kind];
      if (!draft || draft.decision === '' || !isChanged(draft, document)) continue;
      const result = reviewDecisionSchema.safeParse({
        kind: document.kind,
        decision: draft.decision,
        reason: draft.reason || null,
        note: draft.note,
      });
      if (result.success) {
        decisions.push(result.data);
        continue;
      }
      const fields: Partial<Record<DraftField, { type: string; message: string }>> = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0] === 'reason' || issue.path[0] === 'note' ? issue.path[0] : 'decision';
        fields[field] ??= { type: 'validate', message: issue.message };
      }
      errors[document.kind] = fields;
    }
    if (Object.keys(errors).length > 0)
      return {
        values: {} as Record<string, never>,
        errors: { decisions: errors } as FieldErrors<ReviewDraft>,
      };
    return { values: { decisions }, errors: {} };
  };
}

/** The first document, in tab order, whose decision failed the check, and its first wrong field. */
export function firstError(
  errors: FieldErrors<ReviewDraft>,
  documents: readonly ReviewedDocument[],
): { kind: ImageKind; field: DraftField } | undefined {
  for (const document of inFormOrder(documents)) {
    const fields = errors.decisions?.[document.kind];
    if (!fields) continue;
    const field = (['decision', 'reason', 'note'] as const).find((name) => fields[name]);
    if (field) return { kind: document.kind, field };
  }
  return undefined;
}
