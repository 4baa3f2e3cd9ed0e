import { COMPLETE_DATA_DRAFT_PREFIX } from '@/lib/device-drafts';
import { type CompleteDataForm, FORM_FIELDS, type FormField } from './form-values';

/**
 * What the student typed and has not sent yet, kept in localStorage per student until a successful submit, so a
 * reload or a dropped connection loses nothing typed. Text only: images stay with the page. Removed at logout and
 * when another student logs in on the browser (lib/device-drafts.ts).
 */
const PREFIX = COMPLETE_DATA_DRAFT_PREFIX;
const VERSION = 1;

export type Draft = Partial<CompleteDataForm>;

export function draftKey(studentId: string): string {
  return `${PREFIX}${studentId}`;
}

const knownField = (name: string): name is FormField => (FORM_FIELDS as readonly string[]).includes(name);

/** The stored draft, or null when there is none or it cannot be read (storage off, foreign or broken data). */
export function loadDraft(studentId: string): Draft | null {
  try {
    const raw = window.localStorage.getItem(draftKey(studentId));
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { version, values } = parsed as { version?: unknown; values?: unknown };
    if (version !== VERSION || typeof values !== 'object' || values === null) return null;
    const draft: Draft = {};
    for (const [name, value] of Object.entries(values)) {
      if (knownField(name) && typeof value === 'string') draft[name] = value;
    }
    return Object.keys(draft).length > 0 ? draft : null;
  } catch {
    return null;
  }
}

/** Keeps the typed values; a full or disabled storage only costs the draft, never the form. */
export function saveDraft(studentId: string, values: Draft): void {
  try {
    window.localStorage.setItem(
      draftKey(studentId),
      JSON.stringify({ version: VERSION, savedAt: new Date().toISOString(), values }),
    );
  } catch (error) {
    console.warn('the complete-data draft could not be saved', error);
  }
}

export function clearDraft(studentId: string): void {
  try {
    window.localStorage.removeItem(draftKey(studentId));
  } catch {
    // Nothing was kept, so nothing is left behind.
  }
}

/** The draft's values that differ from `base` (what the server has); empty when the draft adds nothing. */
export function draftChanges(draft: Draft, base: CompleteDataForm): Draft {
  const changes: Draft = {};
  for (const field of FORM_FIELDS) {
    const value = draft[field];
    if (value !== undefined && value !== base[field]) changes[field] = value;
  }
  return changes;
}
