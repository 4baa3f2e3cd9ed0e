import { CONTENT_LIMITS, CONTENT_MESSAGES } from './content.js';
import { trimmed } from './content-fields.js';
import { successEnvelope } from './envelope.js';
import { z } from './zod.js';

/**
 * The charter as the university edits it (issue 19): versions of titled sections of paragraphs, each published
 * whole.
 */

export const charterSectionSchema = z.strictObject(
  {
    title: trimmed(
      CONTENT_LIMITS.sectionTitle.min,
      CONTENT_LIMITS.sectionTitle.max,
      CONTENT_MESSAGES.charterTitleInvalid,
    ),
    paragraphs: z
      .array(
        trimmed(
          CONTENT_LIMITS.paragraph.min,
          CONTENT_LIMITS.paragraph.max,
          CONTENT_MESSAGES.charterParagraphInvalid,
        ),
        { error: CONTENT_MESSAGES.charterParagraphsCount },
      )
      .min(1, { error: CONTENT_MESSAGES.charterParagraphsCount })
      .max(CONTENT_LIMITS.paragraphsPerSection.max, { error: CONTENT_MESSAGES.charterParagraphsCount }),
  },
  { error: CONTENT_MESSAGES.charterTitleInvalid },
);
export type CharterSectionContent = z.infer<typeof charterSectionSchema>;

/** `PUT /content/charter` and `POST /content/charter/preview`: the whole charter's sections, in order. */
export const charterSectionsSchema = z
  .strictObject(
    {
      sections: z
        .array(charterSectionSchema, { error: CONTENT_MESSAGES.charterSectionsCount })
        .min(CONTENT_LIMITS.sections.min, { error: CONTENT_MESSAGES.charterSectionsCount })
        .max(CONTENT_LIMITS.sections.max, { error: CONTENT_MESSAGES.charterSectionsCount }),
    },
    { error: CONTENT_MESSAGES.charterSectionsCount },
  )
  .refine(({ sections }) => new Set(sections.map((s) => s.title)).size === sections.length, {
    error: CONTENT_MESSAGES.charterTitleDuplicate,
    path: ['sections'],
  });
export type CharterSections = z.infer<typeof charterSectionsSchema>;

export const charterVersionSchema = z.object({
  version: z.number().int(),
  publishedAt: z.string(),
  /** The account that published it; null for the charter the portal shipped with. */
  publishedBy: z.string().nullable(),
  sections: z.array(z.object({ title: z.string(), paragraphs: z.array(z.string()) })),
});
export type CharterVersion = z.infer<typeof charterVersionSchema>;

export const charterResponseSchema = successEnvelope({
  data: charterVersionSchema,
  /** Every published version, newest first, without their text. */
  versions: z.array(charterVersionSchema.omit({ sections: true })),
});
export const charterPublishResponseSchema = successEnvelope({
  message: z.string(),
  data: charterVersionSchema,
});
