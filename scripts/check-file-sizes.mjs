// Run by `npm run lint`: every tracked source file is at most 400 lines or says in its header why it is not.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isCoveredSource, sizeProblem } from './file-sizes.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0');
const problems = tracked
  .filter(isCoveredSource)
  .map((path) => sizeProblem(path, readFileSync(`${root}${path}`, 'utf8')))
  .filter((problem) => problem !== null);
if (problems.length > 0) {
  console.error(`${problems.length} source file(s) too long:`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log('File sizes hold: no source file over 400 lines without a reason in its header.');
