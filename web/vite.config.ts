import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  base: '/stAdmission/',
  plugins: [react()],
  resolve: {
    alias: [
      // The source, not common/dist, so the dev server and tests never run a stale build of the shared code.
      {
        find: '@portal/common',
        replacement: fileURLToPath(new URL('../common/src/index.ts', import.meta.url)),
      },
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
    ],
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  build: { outDir: 'dist' },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
  },
});
