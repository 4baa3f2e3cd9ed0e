import { type Branding, brandingResponseSchema } from '@portal/common';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function getBranding() {
  return apiRequest('/branding', { schema: brandingResponseSchema });
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
