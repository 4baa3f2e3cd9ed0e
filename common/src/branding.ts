import { successEnvelope } from './envelope.js';
import { z } from './zod.js';

export const SOCIAL_ICONS = ['facebook', 'x', 'youtube', 'instagram', 'linkedin', 'website'] as const;

export const brandingSchema = z.object({
  universityName: z.string(),
  universityNameEn: z.string(),
  copyrightHolder: z.string(),
  academicYear: z.string(),
  logoUrl: z.string(),
  socialLinks: z.array(z.object({ label: z.string(), url: z.string(), icon: z.enum(SOCIAL_ICONS) })),
  /** The university's IANA time zone: deadlines and appointments are shown on its clock. */
  timeZone: z.string().default('Africa/Cairo'),
});
export type Branding = z.infer<typeof brandingSchema>;

export const brandingResponseSchema = successEnvelope({ data: brandingSchema });
