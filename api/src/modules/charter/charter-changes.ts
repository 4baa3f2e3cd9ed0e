import type { CharterSection } from './charter-text.js';

/** Whether two charters have the same sections, in the same order, with the same paragraphs. */
export function sameSections(a: readonly CharterSection[], b: readonly CharterSection[]): boolean {
  return (
    a.length === b.length &&
    a.every((section, i) => {
      const other = b[i];
      return (
        other !== undefined &&
        section.title === other.title &&
        section.paragraphs.length === other.paragraphs.length &&
        section.paragraphs.every((paragraph, j) => paragraph === other.paragraphs[j])
      );
    })
  );
}

/** What a publish changed, by section title, for the audit row: short enough to read, the text is in the versions. */
export interface CharterChanges {
  added: string[];
  removed: string[];
  /** Kept titles whose paragraphs changed. */
  edited: string[];
  /** Whether the kept sections are in another order. */
  reordered: boolean;
}

export function sectionChanges(
  before: readonly CharterSection[],
  after: readonly CharterSection[],
): CharterChanges {
  const beforeByTitle = new Map(before.map((section) => [section.title, section]));
  const afterTitles = new Set(after.map((section) => section.title));
  const kept = after.filter((section) => beforeByTitle.has(section.title));
  const keptBefore = before.filter((section) => afterTitles.has(section.title));
  return {
    added: after.filter((section) => !beforeByTitle.has(section.title)).map((section) => section.title),
    removed: before.filter((section) => !afterTitles.has(section.title)).map((section) => section.title),
    edited: kept
      .filter((section) => {
        const old = beforeByTitle.get(section.title);
        return old !== undefined && !sameSections([old], [section]);
      })
      .map((section) => section.title),
    reordered: kept.some((section, i) => keptBefore[i]?.title !== section.title),
  };
}
