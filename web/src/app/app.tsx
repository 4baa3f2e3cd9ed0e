import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '@/lib/query-client';
import { preloadScreens } from './preload-screens';
import { AppProvider } from './provider';
import { routes } from './routes';

const BASENAME = '/stAdmission';
const router = createBrowserRouter(routes, { basename: BASENAME });
preloadScreens(routes, window.location.pathname, BASENAME);

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
