// Vite plugin: cuts Noto Naskh Arabic down to the characters the portal can show, as woff2, before Vite reads
// web/src/app/fonts.css. The subsets are build output (written under outDir, never committed), so a new string
// in the sources reaches the font with the next build.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';

const SOURCE_EXTENSIONS = new Set(['.ts', '.tsx', '.html']);

function codePoints(from, to) {
  return Array.from({ length: to - from + 1 }, (_, index) => String.fromCodePoint(from + index)).join('');
}

/**
 * What students and staff can type, whatever the sources say: every letter of the basic Arabic block (names in
 * any Arabic-script spelling), its vowel marks, Arabic-Indic and Persian digits, Arabic punctuation, basic Latin
 * and the usual typographic punctuation. Joining forms need no code points: the subsetter keeps the glyphs the
 * font's shaping rules reach from these.
 */
export const ALWAYS_INCLUDED =
  codePoints(0x0020, 0x007e) +
  '\u00a0\u00ab\u00bb\u00d7\u060c\u061b\u061f\u200c\u200d\u200e\u200f\u2013\u2014\u2018\u2019\u201c\u201d\u2026' +
  codePoints(0x0620, 0x065f) +
  codePoints(0x0660, 0x06d5) +
  codePoints(0x06ee, 0x06ff);

async function sourceFiles(directory) {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && SOURCE_EXTENSIONS.has(path.extname(entry.name)))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every character of the given source folders and files, plus ALWAYS_INCLUDED, once each. */
export async function portalCharacters(sources) {
  const characters = new Set(ALWAYS_INCLUDED);
  for (const source of sources) {
    const files = path.extname(source) === '' ? await sourceFiles(source) : [source];
    for (const file of files) for (const character of await readFile(file, 'utf8')) characters.add(character);
  }
  return [...characters].join('');
}

/**
 * @param {{ sources: string[], outDir: string, fonts: string[] }} options `fonts` names files of
 *   `@fontsource/noto-naskh-arabic/files`; each subset keeps its name in outDir.
 */
export function subsetWebFont({ sources, outDir, fonts }) {
  const require = createRequire(import.meta.url);
  const fontDir = path.dirname(require.resolve(`@fontsource/noto-naskh-arabic/files/${fonts[0]}`));
  return {
    name: 'portal-subset-web-font',
    async buildStart() {
      const text = await portalCharacters(sources);
      await mkdir(outDir, { recursive: true });
      await Promise.all(
        fonts.map(async (font) => {
          const subset = await subsetFont(await readFile(path.join(fontDir, font)), text, {
            targetFormat: 'woff2',
          });
          await writeFile(path.join(outDir, font), subset);
        }),
      );
    },
  };
}
