import type { CharterSections } from '@portal/common';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/pool.js';
import type { Charter } from './charter-text.js';

/** The charter's sections as `charter_versions` stores them and the content screen edits them. */
export function charterSections(charter: Charter): CharterSections['sections'] {
  return charter.sections.map((section) => ({ title: section.title, paragraphs: [...section.paragraphs] }));
}

/**
 * Publishes the charter the portal ships with as version 1 into a database that has no charter yet. Once there,
 * the charter is the university's to edit (issue 19): a start never publishes over it.
 */
export async function seedCharter(db: Pick<Database, 'execute'>, charter: Charter): Promise<void> {
  await db.execute(sql`
    INSERT INTO charter_versions (version, sections)
    SELECT 1, ${JSON.stringify(charterSections(charter))}::jsonb
    WHERE NOT EXISTS (SELECT 1 FROM charter_versions)
    ON CONFLICT (version) DO NOTHING`);
}
