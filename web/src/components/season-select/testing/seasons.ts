import type { Season } from '@portal/common';
import type { Handler } from '@/testing/mock-api';

export const SEASONS = 'GET /api/v1/seasons';

/** The current season and two closed ones before it, newest first as the server lists them. */
export const CURRENT: Season = {
  id: '30000000-0000-4000-8000-000000002026',
  name: '2026/2027',
  current: true,
  openedAt: '2026-06-01T08:00:00.000Z',
  closedAt: null,
  imagesDeletedAt: null,
  students: 1234,
};
export const PREVIOUS: Season = {
  id: '30000000-0000-4000-8000-000000002025',
  name: '2025/2026',
  current: false,
  openedAt: '2025-06-01T08:00:00.000Z',
  closedAt: '2026-06-01T08:00:00.000Z',
  imagesDeletedAt: null,
  students: 987,
};
export const OLDEST: Season = {
  id: '30000000-0000-4000-8000-000000002024',
  name: '2024/2025',
  current: false,
  openedAt: '2024-06-01T08:00:00.000Z',
  closedAt: '2025-06-01T08:00:00.000Z',
  imagesDeletedAt: '2025-12-01T08:00:00.000Z',
  students: 0,
};

/** `GET /seasons` answering these seasons. */
export const seasonsAnswer =
  (seasons: Season[] = [CURRENT, PREVIOUS, OLDEST]): Handler =>
  () => ({ body: { status: 'success', seasons } });
