import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { screenPreloads } from './preload-screens';

const preload = (name: string) => async () => name;

const routes: RouteObject[] = [
  {
    children: [
      { index: true, element: null },
      {
        path: 'dashboard',
        children: [{ path: 'studentDataView', handle: { preload: preload('view') } }],
      },
      {
        path: 'admin',
        children: [
          {
            handle: { preload: preload('shell') },
            children: [{ path: 'statistics', handle: { preload: preload('statistics') } }],
          },
        ],
      },
      { path: 'other', handle: { title: 'no preload here' } },
    ],
  },
];

async function preloadedFor(pathname: string): Promise<unknown[]> {
  return Promise.all(screenPreloads(routes, pathname, '/stAdmission').map((start) => start()));
}

describe('screenPreloads', () => {
  it('answers the lazy screen of the path under the basename', async () => {
    expect(await preloadedFor('/stAdmission/dashboard/studentDataView')).toEqual(['view']);
  });

  it('answers an enclosing lazy route before its screen', async () => {
    expect(await preloadedFor('/stAdmission/admin/statistics')).toEqual(['shell', 'statistics']);
  });

  it('answers nothing for screens in the first chunk, handles of another kind and paths outside the app', async () => {
    expect(await preloadedFor('/stAdmission/')).toEqual([]);
    expect(await preloadedFor('/stAdmission/other')).toEqual([]);
    expect(await preloadedFor('/elsewhere/dashboard/studentDataView')).toEqual([]);
  });
});
