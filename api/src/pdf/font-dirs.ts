import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * Folders holding the TTF fonts the PDFs embed: Noto Naskh Arabic from an npm package (OFL), so a fresh machine
 * needs no system font. The package exports only its entry file, so the fonts folder is found beside it.
 */
export const PDF_FONT_DIRS = [
  path.resolve(path.dirname(require.resolve('@embedpdf/fonts-arabic')), '..', 'fonts'),
];
