import { describe, expect, it } from 'vitest';
import { isCoveredSource, MAX_LINES, sizeProblem } from './file-sizes.mjs';

const lines = (n, header = '') => `${header}${'x;\n'.repeat(n - (header ? 1 : 0))}`;

describe('the file-size rule', () => {
  it('lets a file of 400 lines pass and stops one of 401', () => {
    expect(sizeProblem('a.ts', lines(MAX_LINES))).toBeNull();
    expect(sizeProblem('a.ts', lines(MAX_LINES + 1))).toContain('a.ts: 401 lines');
  });

  it('lets a long file pass when its header says why it stays whole', () => {
    expect(sizeProblem('a.ts', lines(900, '// Kept whole: one table of hostile cases\n'))).toBeNull();
    expect(sizeProblem('a.ts', lines(900, '/**\n * Kept whole: one table\n */\n'))).toBeNull();
  });

  it('does not take a reason that is missing, or one buried below the header', () => {
    expect(sizeProblem('a.ts', lines(900, '// Kept whole:\n'))).not.toBeNull();
    expect(
      sizeProblem('a.ts', `${'x;\n'.repeat(10)}// Kept whole: too late\n${'x;\n'.repeat(500)}`),
    ).not.toBeNull();
  });

  it('covers code of every kind but not generated migrations or other files', () => {
    for (const path of ['api/src/app.ts', 'web/src/a.tsx', 'bench/load.mjs', '.dependency-cruiser.cjs']) {
      expect(isCoveredSource(path)).toBe(true);
    }
    for (const path of [
      'api/drizzle/meta/0001_snapshot.ts',
      'README.md',
      'package-lock.json',
      'api/src/pdf/portal.typ',
    ]) {
      expect(isCoveredSource(path)).toBe(false);
    }
  });
});
