import { defineConfig } from 'vitest/config';
import { apiProjects } from './api/vitest.projects.js';

export default defineConfig({
  test: {
    projects: ['common/vitest.config.ts', 'web/vite.config.ts', ...apiProjects(process.env)],
  },
});
