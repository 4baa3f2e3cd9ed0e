import path from 'node:path';
import { z } from 'zod';
import { optionalText } from './env-values.js';

const socialLinksSchema = z.array(
  z.object({
    label: z.string().min(1),
    url: z.url({ protocol: /^https?$/ }),
    icon: z.enum(['facebook', 'x', 'youtube', 'instagram', 'linkedin', 'website']),
  }),
);

/** The university's names, year, logo and links as the screens and the printed forms show them. */
export const brandingEnv = {
  UNIVERSITY_NAME: z.string().min(1).default('الجامعة'),
  UNIVERSITY_NAME_EN: z.string().min(1).default('The University'),
  COPYRIGHT_HOLDER: z.string().min(1).default('مركز الاتصالات وتكنولوجيا المعلومات بالجامعة'),
  ACADEMIC_YEAR: z
    .string()
    .regex(/^\d{4}\/\d{4}$/, 'must look like 2026/2027')
    .optional(),
  LOGO_FILE: optionalText,
  SOCIAL_LINKS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value?.trim()) return [];
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON array' });
        return z.NEVER;
      }
    })
    .pipe(socialLinksSchema),
};

export interface BrandingConfig {
  universityName: string;
  universityNameEn: string;
  copyrightHolder: string;
  academicYear: string;
  logoFile: string | undefined;
  socialLinks: z.infer<typeof socialLinksSchema>;
}

/** The academic year that starts in the autumn of the current admission season. */
export function defaultAcademicYear(now: Date): string {
  const start = now.getMonth() >= 6 ? now.getFullYear() : now.getFullYear() - 1;
  return `${start}/${start + 1}`;
}

export function brandingConfig(e: z.output<z.ZodObject<typeof brandingEnv>>, now: Date): BrandingConfig {
  return {
    universityName: e.UNIVERSITY_NAME,
    universityNameEn: e.UNIVERSITY_NAME_EN,
    copyrightHolder: e.COPYRIGHT_HOLDER,
    academicYear: e.ACADEMIC_YEAR ?? defaultAcademicYear(now),
    logoFile: e.LOGO_FILE ? path.resolve(e.LOGO_FILE) : undefined,
    socialLinks: e.SOCIAL_LINKS,
  };
}
