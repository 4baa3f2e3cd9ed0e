// Writes NAME.br and NAME.gz beside every compressible file of the built web app, at maximum compression, so
// the portal serves them as they are (@fastify/static preCompressed) instead of compressing on each request.
// Usage: node scripts/precompress-web.mjs [web/dist]
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt']);
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function precompress(root) {
  const entries = await readdir(root, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.has(path.extname(entry.name)))
    .map((entry) => path.join(entry.parentPath, entry.name));
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
  return files.length;
}

const root = path.resolve(process.argv[2] ?? 'web/dist');
const count = await precompress(root);
console.log(`precompressed ${count} files in ${root} (.br and .gz)`);
