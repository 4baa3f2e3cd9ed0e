import { type ProgressFilter, progressFilterSchema } from '@portal/common';

// A funnel count followed to the student list, and from there to the staff message (issue 36), travels in the
// address: `?faculty=&step=&state=`, beside the season's own parameter.

/** The tracker step and state the address names, or none. */
export function progressOf(params: URLSearchParams): ProgressFilter | null {
  const parsed = progressFilterSchema.safeParse({ step: params.get('step'), state: params.get('state') });
  return parsed.success ? parsed.data : null;
}

/** The address naming a faculty's (or the ADMIN's own, null) students at a step and state. */
export function progressParams(faculty: string | null, progress: ProgressFilter): URLSearchParams {
  return new URLSearchParams({ ...(faculty ? { faculty } : {}), step: progress.step, state: progress.state });
}

/** The address's parameters with these set, or removed when null or empty. */
export function withParams(params: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}
