import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The path of a non-TypeScript file kept beside the code (a Typst template, a worker script). `tsc` copies only
 * compiled code to `api/dist`, so a module running from `api/dist/x` finds its companion files in `api/src/x`.
 */
export function sourcePath(moduleUrl: string, relative: string): string {
  const resolved = fileURLToPath(new URL(relative, moduleUrl));
  const distSegment = `${path.sep}api${path.sep}dist${path.sep}`;
  return resolved.includes(distSegment)
    ? resolved.replace(distSegment, `${path.sep}api${path.sep}src${path.sep}`)
    : resolved;
}
