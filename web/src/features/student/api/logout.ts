import { API_BASE } from '@/lib/api-client';

/**
 * `POST /students/logout`: ends the session on the server. A failure does not keep the student logged in here.
 * Its own module, apart from the step-up calls: the header that calls it is on the first screen, whose download
 * must not bring the step-up's answer schemas (and zod) with it.
 */
export async function logoutStudent(): Promise<void> {
  await fetch(`${API_BASE}/students/logout`, { method: 'POST', credentials: 'include' }).catch(
    () => undefined,
  );
}
