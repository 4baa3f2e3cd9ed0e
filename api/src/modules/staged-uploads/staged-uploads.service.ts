import { createHash } from 'node:crypto';
import {
  IMAGE_KINDS,
  type ImageContentType,
  type ImageKind,
  MESSAGES,
  STAGED_UPLOAD_MESSAGES,
  type StagedUploads,
} from '@portal/common';
import type { FastifyBaseLogger } from 'fastify';
import type { DbExecutor } from '../../db/executor.js';
import { AppError } from '../../lib/app-error.js';
import { ImageEnds, type StagedImage, type UploadStaging } from '../complete-data/index.js';
import type { StagedUploadStore } from './staged-upload-store.js';
import {
  STAGED_UPLOAD_MAX_AGE_MS,
  type StagedUploadOwner,
  type StagedUploadRow,
  type StagedUploadsRepository,
} from './staged-uploads.repository.js';

/** A finished upload read back: its type once checked as a `photos` part is, its size and digest. */
async function scan(
  store: StagedUploadStore,
  id: string,
): Promise<{ ends: ImageEnds; size: number; sha256: string }> {
  const hash = createHash('sha256');
  const ends = new ImageEnds();
  let size = 0;
  for await (const chunk of await store.read(id)) {
    const bytes = chunk as Buffer;
    hash.update(bytes);
    size += bytes.length;
    ends.add(bytes);
  }
  return { ends, size, sha256: hash.digest('hex') };
}

/** An upload usable by this submit: this session's, finished, not expired, of the kind it is named for. */
function refusalOf(row: StagedUploadRow | undefined, kind: ImageKind, owner: StagedUploadOwner, now: number) {
  if (
    !row ||
    row.studentId !== owner.studentId ||
    row.sessionId !== owner.sessionId ||
    now - row.createdAt.getTime() > STAGED_UPLOAD_MAX_AGE_MS
  ) {
    return new AppError(404, STAGED_UPLOAD_MESSAGES.uploadNotFound);
  }
  if (row.kind !== kind) return new AppError(400, STAGED_UPLOAD_MESSAGES.uploadKindMismatch);
  if (row.state !== 'finished' || !row.contentType) {
    return new AppError(409, STAGED_UPLOAD_MESSAGES.uploadNotFinished);
  }
  return null;
}

export function stagedUploadsService(
  repository: StagedUploadsRepository,
  store: StagedUploadStore,
  now: () => number = Date.now,
) {
  async function removeBytes(ids: readonly string[], log: FastifyBaseLogger): Promise<void> {
    await Promise.all(
      ids.map((id) =>
        store.remove(id).catch((error: unknown) => {
          // Already gone (removed by another request or the sweep) is what was wanted.
          if ((error as { status_code?: number }).status_code !== 404)
            log.warn({ err: error, id }, 'could not remove a staged upload');
        }),
      ),
    );
  }

  /** Removes staged uploads, their bytes and their rows; a failure is only logged (the sweep retries). */
  async function discard(ids: readonly string[], log: FastifyBaseLogger): Promise<void> {
    await removeBytes(ids, log);
    await repository
      .remove(ids)
      .catch((error: unknown) => log.warn({ err: error }, 'could not forget staged uploads'));
  }

  return {
    discard,

    /**
     * When an upload's last byte arrived: the bytes must be a png or jpeg as the multipart path requires, else
     * the upload is removed and the refusal answered (Arabic, 4xx); a passing upload is marked finished.
     */
    async finish(id: string, log: FastifyBaseLogger): Promise<void> {
      const scanned = await scan(store, id);
      let contentType: ImageContentType;
      try {
        contentType = scanned.ends.check();
      } catch (error) {
        await discard([id], log);
        throw error;
      }
      await repository.markFinished(id, { contentType, sha256: scanned.sha256 });
    },

    /**
     * The uploads a submit names, checked (this session's, finished, not expired, of their kind, none named
     * twice) and copied into the request's staging, cleaned as a `photos` part is. Any refusal removes every
     * named upload of this session, so that nothing of a refused submit lingers, and answers 4xx in Arabic.
     * `claim` is then to be run in the submit's transaction: it consumes the uploads, all or none.
     */
    async take(
      named: StagedUploads,
      owner: StagedUploadOwner,
      staging: UploadStaging,
      log: FastifyBaseLogger,
    ) {
      const entries = IMAGE_KINDS.flatMap((kind) => {
        const id = named[kind];
        return id ? [{ kind, id }] : [];
      });
      const ids = entries.map((entry) => entry.id);
      const rows = new Map((await repository.findMany(ids)).map((row) => [row.id, row]));
      const own = ids.filter((id) => {
        const row = rows.get(id);
        return row?.studentId === owner.studentId && row.sessionId === owner.sessionId;
      });
      const refuse = async (error: AppError): Promise<never> => {
        await discard([...new Set(own)], log);
        throw error;
      };

      if (new Set(ids).size !== ids.length)
        await refuse(new AppError(400, STAGED_UPLOAD_MESSAGES.uploadNamedTwice));
      for (const { kind, id } of entries) {
        const refusal = refusalOf(rows.get(id), kind, owner, now());
        if (refusal) await refuse(refusal);
      }
      const images = new Map<ImageKind, StagedImage>();
      try {
        for (const { kind, id } of entries) {
          const row = rows.get(id) as StagedUploadRow;
          images.set(
            kind,
            await staging.adopt(await store.read(id), kind, row.contentType as ImageContentType),
          );
        }
      } catch (error) {
        if (error instanceof AppError && error.statusCode < 500) await refuse(error);
        // The store or the staging disk failed: the uploads are kept, so that a retry of the submit needs no new upload.
        if (error instanceof AppError) throw error;
        log.error({ err: error }, 'reading staged uploads failed');
        throw new AppError(503, MESSAGES.storageUnavailable);
      }
      return {
        images,
        /** In the submit's transaction: consumes the named uploads, or refuses the whole submit (404). */
        claim: async (tx: DbExecutor) => {
          if ((await repository.claim(tx, ids, owner)) !== ids.length) {
            throw new AppError(404, STAGED_UPLOAD_MESSAGES.uploadNotFound);
          }
        },
        /** After the commit: the staged bytes are no longer needed. */
        release: () => discard(ids, log),
        /** After a refused submit: removes the named uploads too. */
        abandon: () => discard(own, log),
      };
    },

    /**
     * The sweep: staged uploads older than 24 hours are removed, bytes and rows; then the store's own expiry
     * removes bytes no row names any more (a deleted student's rows went with it).
     */
    async sweep(log: FastifyBaseLogger): Promise<number> {
      let removed = 0;
      for (;;) {
        const ids = await repository.olderThan(new Date(now() - STAGED_UPLOAD_MAX_AGE_MS), 200);
        if (ids.length === 0) {
          const expired = await store.deleteExpired().catch((error: unknown) => {
            log.warn({ err: error }, 'could not expire staged uploads');
            return 0;
          });
          return removed + expired;
        }
        await removeBytes(ids, log);
        await repository.remove(ids);
        removed += ids.length;
      }
    },
  };
}
export type StagedUploadsService = ReturnType<typeof stagedUploadsService>;
