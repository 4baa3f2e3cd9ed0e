import { createContext, useContext } from 'react';

/**
 * The university's IANA time zone, which deadlines are shown on, or undefined until the branding that carries it
 * has come. The app fills it from the branding around the student screens (features do not import each other);
 * this module is part of the first download, so it holds nothing else.
 */
export const UniversityTimeZone = createContext<string | undefined>(undefined);

export function useUniversityTimeZone(): string | undefined {
  return useContext(UniversityTimeZone);
}
