import { defineConfig } from 'vitest/config';
import { apiProjects } from './api/vitest.projects.js';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
      'common/vitest.config.ts',
      'web/vite.config.ts',
      ...apiProjects(process.env),
    ],
  },
});
