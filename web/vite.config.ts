import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { subsetWebFont } from '../scripts/web-font-subset.mjs';

const FONT_SUBSETS = fileURLToPath(new URL('./node_modules/.cache/font-subsets', import.meta.url));
const fromHere = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

export default defineConfig({
  base: '/stAdmission/',
  // The footer of a page prerendered at build names this year (src/build-constants.d.ts).
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  plugins: [
    react(),
    // Unit tests never load fonts.css; subsetting for every test run would only cost time.
    process.env.VITEST
      ? null
      : subsetWebFont({
          sources: [fromHere('./src'), fromHere('./index.html'), fromHere('../common/src')],
          outDir: FONT_SUBSETS,
          fonts: [400, 700].flatMap((weight) => [
            `noto-naskh-arabic-arabic-${weight}-normal.woff2`,
            `noto-naskh-arabic-latin-${weight}-normal.woff2`,
          ]),
        }),
  ],
  resolve: {
    alias: [
      // The source, not common/dist, so the dev server and tests never run a stale build of the shared code.
      {
        find: '@portal/common',
        replacement: fileURLToPath(new URL('../common/src/index.ts', import.meta.url)),
      },
      { find: '@font-subsets', replacement: FONT_SUBSETS },
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
    ],
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  build: {
    outDir: 'dist',
    // Read by scripts/check-web-budget.mjs to find what the login screen loads; dotfiles are never served.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // common's modules only declare constants, messages and zod schemas. Saying so lets the bundler drop the
        // ones a chunk does not use instead of shipping every schema with the login screen. zod.ts is the exception:
        // it configures zod for the page's CSP before any schema is built.
        moduleSideEffects: [{ test: /\/common\/src\/(?!zod\.ts$)/, sideEffects: false }],
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
  },
});
