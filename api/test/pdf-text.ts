import { execFileSync } from 'node:child_process';

/**
 * The text of a PDF as poppler's pdftotext reads it (Debian's poppler-utils, installed by .ci/run), without
 * the bidirectional control marks it wraps around right-to-left runs.
 */
export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf })
    .toString('utf8')
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
}

/**
 * The text laid out as on the page (`pdftotext -layout`): one printed table row is one line, so a test can tell
 * which cells share a row. Bidirectional control marks removed as in `pdfText`.
 */
export function pdfLayoutText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf })
    .toString('utf8')
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
}

/**
 * `value` as pdftotext prints it: the lam-alef ligature (لا، لأ، لإ، لآ) comes out as its two letters in visual
 * order, alef first ('لائق' reads 'الئق'), so an expected Arabic text is compared in that form.
 */
export function asExtracted(value: string): string {
  return value.replace(/ل([اأإآ])/g, '$1ل');
}

export function pdfPageCount(pdf: Buffer): number {
  const info = execFileSync('pdfinfo', ['-'], { input: pdf }).toString('utf8');
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
}

/**
 * Whether the PDF text prints `value` as it is, as one line of its own. Right-to-left layout moves the neutral
 * characters at the ends of a Latin run in an Arabic paragraph, so the line is compared as a set of characters
 * with their counts: markup that ran would lose characters (`*bold*` its stars) or add some (a file's contents).
 */
export function printsLiterally(text: string, value: string): boolean {
  const letters = (s: string) => [...s.replace(/\s+/g, '')].sort().join('');
  return text.split('\n').some((line) => letters(line) === letters(value));
}

/**
 * Whether `span` consecutive lines of the PDF text hold every character of `value`, each as often: for tables,
 * whose cells pdftotext may put on one line with their neighbours, or wrap within a narrow column, in an order
 * right-to-left layout rearranges. Markup that ran would lose characters; text it would add is checked by the
 * caller.
 */
export function printsWithinLines(text: string, value: string, span: number): boolean {
  const count = (s: string) => {
    const counts = new Map<string, number>();
    for (const char of s.replace(/\s+/g, '')) counts.set(char, (counts.get(char) ?? 0) + 1);
    return counts;
  };
  const wanted = count(value);
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  return lines.some((_, i) => {
    const held = count(lines.slice(i, i + span).join(''));
    return [...wanted].every(([char, times]) => (held.get(char) ?? 0) >= times);
  });
}
