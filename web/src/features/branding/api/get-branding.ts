import type { Branding } from '@portal/common';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, lazyParser } from '@/lib/api-client';
import { loadFirstScreenSchemas } from '@/lib/load-first-screen-schemas';

// Every screen's header asks for the branding at once, so its schema is one of the first screen's (issue 10).
const brandingResponse = lazyParser(() =>
  loadFirstScreenSchemas().then((schemas) => schemas.brandingResponseSchema),
);

export function getBranding() {
  return apiRequest('/branding', { schema: brandingResponse });
}

export function useBranding() {
  return useQuery({
    queryKey: ['branding'],
    queryFn: async (): Promise<Branding> => {
      const result = await getBranding();
      if (result.status === 'error') throw new Error(result.message);
      return result.data.data;
    },
    // Settings change only when the server restarts.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
