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

export function pdfPageCount(pdf: Buffer): number {
  const info = execFileSync('pdfinfo', ['-'], { input: pdf }).toString('utf8');
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
}
