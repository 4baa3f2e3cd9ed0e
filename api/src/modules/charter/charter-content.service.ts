import { type CharterVersion, CONTENT_MESSAGES, MESSAGES } from '@portal/common';
import type { AuditEntry } from '../../db/audit-trail.js';
import type { DbExecutor } from '../../db/executor.js';
import { AppError } from '../../lib/app-error.js';
import type { StaffPrincipal } from '../auth/index.js';
import { sameSections, sectionChanges } from './charter-changes.js';
import type {
  CharterContentRepository,
  CharterVersionRow,
  CharterVersionSummary,
} from './charter-content.repository.js';
import { CHARTER, type Charter, type CharterSection, charterFor } from './charter-text.js';

export interface CharterContentDeps {
  repository: CharterContentRepository;
  /** Writes one audit row in the transaction of the change it records. */
  audit: (entry: AuditEntry, tx: DbExecutor) => Promise<void>;
  /** Raises the charter's content counter in the publish's transaction: every instance drops its PDF. */
  bumpVersion: (tx: DbExecutor) => Promise<void>;
  /** After the commit: this instance serves the new version at once, not at its next poll. Must not throw. */
  refreshContent: () => Promise<void>;
  /** The charter as a PDF (the Typst template reads every text from JSON, so none of it is markup). */
  render: (charter: Charter) => Promise<Buffer>;
  /** The instance's content cache for the charter: `load` runs once per content version (`app.content`). */
  cached: <T>(key: string, load: () => Promise<T>) => Promise<T>;
  /** Fills `{university}` in the shipped text and in every section. */
  universityName: string;
}

export interface RequestContext {
  ip: string;
}

type Staff = Pick<StaffPrincipal, 'id' | 'userName'>;

/** The newest version's PDF and the version it prints (for the ETag). */
export interface CharterPdf {
  version: number;
  pdf: Buffer;
}

/**
 * Draft previews this instance renders at once. One instance renders its PDFs one at a time (students' forms too),
 * and a draft may be the largest body the schema takes (seconds of work): past this, a draft is refused at once
 * rather than queued before the students' documents.
 */
export const MAX_DRAFT_RENDERS = 2;

/**
 * What a database without any published charter serves (one never seeded): the shipped sections as version 0,
 * so the student's PDF never fails and the first publish is version 1.
 */
const SHIPPED: CharterVersionRow = {
  version: 0,
  sections: CHARTER.sections,
  createdByUserName: null,
  createdAt: new Date(0),
};

const toSummary = (row: CharterVersionSummary): Omit<CharterVersion, 'sections'> => ({
  version: row.version,
  publishedAt: row.createdAt.toISOString(),
  publishedBy: row.createdByUserName,
});

const toVersion = (row: CharterVersionRow): CharterVersion => ({
  ...toSummary(row),
  sections: row.sections.map((section) => ({ title: section.title, paragraphs: [...section.paragraphs] })),
});

/**
 * The charter as versions (issue 19): the super admin publishes a new version of the sections; students are served
 * the newest one's PDF, rendered once per version in each instance; older versions stay in the database.
 */
export function charterContentService(deps: CharterContentDeps) {
  const { repository, universityName } = deps;

  const renderSections = (sections: readonly CharterSection[]) =>
    deps.render(charterFor(universityName, sections));
  let draftsRendering = 0;

  return {
    /** `GET /content/charter`: the newest version with its sections, and every version newest first. */
    async current(): Promise<{ data: CharterVersion; versions: Omit<CharterVersion, 'sections'>[] }> {
      const [newest, versions] = await Promise.all([repository.newest(), repository.list()]);
      return { data: toVersion(newest ?? SHIPPED), versions: versions.map(toSummary) };
    },

    /**
     * `PUT /content/charter`: publishes the sections as the newest version + 1. Publishes take turns on a lock,
     * so two at once get consecutive versions; sections identical to the newest write nothing (409).
     */
    async publish(
      staff: Staff,
      sections: CharterSection[],
      context: RequestContext,
    ): Promise<{ message: string; data: CharterVersion }> {
      const published = await repository.transaction(async (tx) => {
        await repository.lockForPublish(tx);
        const before = (await repository.newest(tx)) ?? SHIPPED;
        if (sameSections(before.sections, sections))
          throw new AppError(409, CONTENT_MESSAGES.charterUnchanged);
        const row = await repository.insert(tx, {
          version: before.version + 1,
          sections,
          createdByUserName: staff.userName,
        });
        await deps.bumpVersion(tx);
        await deps.audit(
          {
            actor: { id: staff.id, userName: staff.userName },
            action: 'content.charter.publish',
            targetType: 'charter',
            targetId: String(row.version),
            // The text itself is in charter_versions, both versions of it: the row says which and what moved.
            details: {
              before: before.version,
              after: row.version,
              sections: sections.length,
              ...sectionChanges(before.sections, sections),
            },
            ip: context.ip,
          },
          tx,
        );
        return row;
      });
      await deps.refreshContent();
      return { message: CONTENT_MESSAGES.charterPublished, data: toVersion(published) };
    },

    /**
     * The newest version's PDF (`getStudentBook`, the staff preview): rendered once per version in this instance
     * and shared by every request meanwhile, never per request.
     */
    newestPdf(): Promise<CharterPdf> {
      return deps.cached('pdf', async () => {
        const newest = (await repository.newest()) ?? SHIPPED;
        return { version: newest.version, pdf: await renderSections(newest.sections) };
      });
    },

    /**
     * `POST /content/charter/preview`: the draft as students would get it, rendered each time, stored nowhere;
     * 503 while `MAX_DRAFT_RENDERS` drafts are rendering here.
     */
    async draftPdf(sections: readonly CharterSection[]): Promise<Buffer> {
      if (draftsRendering >= MAX_DRAFT_RENDERS) throw new AppError(503, MESSAGES.serverBusy);
      draftsRendering += 1;
      try {
        return await renderSections(sections);
      } finally {
        draftsRendering -= 1;
      }
    },
  };
}
export type CharterContentService = ReturnType<typeof charterContentService>;
