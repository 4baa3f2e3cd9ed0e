import { type CharterSections, type CharterVersion, charterSectionsSchema } from '@portal/common';

/**
 * A section as the editor holds it: the paragraphs are one text, separated by an empty line, so a staff member
 * writes the charter as plain text; `key` keeps React's identity of a section while sections move.
 */
export interface DraftSection {
  key: string;
  title: string;
  text: string;
}

let nextKey = 0;
const newKey = () => `section-${++nextKey}`;

export function emptySection(): DraftSection {
  return { key: newKey(), title: '', text: '' };
}

export function toDraft(sections: CharterVersion['sections']): DraftSection[] {
  return sections.map(({ title, paragraphs }) => ({ key: newKey(), title, text: paragraphs.join('\n\n') }));
}

/** Paragraphs are separated by a line with nothing (or only spaces) on it; extra empty lines add nothing. */
export function splitParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[^\S\n]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

export function toRequest(draft: readonly DraftSection[]): CharterSections {
  return { sections: draft.map(({ title, text }) => ({ title, paragraphs: splitParagraphs(text) })) };
}

export interface DraftErrors {
  /** About the charter as a whole: no sections, too many, two with the same title. */
  general?: string;
  /** By the section's position: its title's problem and its text's. */
  sections: Record<number, { title?: string; text?: string }>;
}

export type DraftCheck = { ok: true; body: CharterSections } | { ok: false; errors: DraftErrors };

/**
 * The draft checked by the schema the server applies, so the editor refuses with the server's own messages before
 * sending; each message goes to the field it is about, the first per field.
 */
export function checkDraft(draft: readonly DraftSection[]): DraftCheck {
  const result = charterSectionsSchema.safeParse(toRequest(draft));
  if (result.success) return { ok: true, body: result.data };
  const errors: DraftErrors = { sections: {} };
  for (const issue of result.error.issues) {
    const [root, index, field] = issue.path;
    if (root === 'sections' && typeof index === 'number') {
      const key = field === 'title' ? 'title' : 'text';
      const section = errors.sections[index] ?? {};
      section[key] ??= issue.message;
      errors.sections[index] = section;
    } else {
      errors.general ??= issue.message;
    }
  }
  return { ok: false, errors };
}

/** Whether the draft says what the published version says, once split and trimmed as it would be sent. */
export function sameAsPublished(
  draft: readonly DraftSection[],
  published: CharterVersion['sections'],
): boolean {
  const sections = toRequest(draft).sections.map(({ title, paragraphs }) => ({
    title: title.trim(),
    paragraphs,
  }));
  return JSON.stringify(sections) === JSON.stringify(published);
}

export function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return [...list];
  const copy = [...list];
  const [item] = copy.splice(from, 1) as [T];
  copy.splice(to, 0, item);
  return copy;
}
