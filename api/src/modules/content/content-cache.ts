import type { ContentKind } from '@portal/common';

interface Entry {
  version: number;
  value: Promise<unknown>;
}

export interface ContentCacheOptions {
  /** Reads every kind's counter (one small query). */
  readVersions: () => Promise<Record<ContentKind, number>>;
  /** How often the counters are read; an edit on another instance shows here within this time. */
  pollMs: number;
  onPollError?: (error: unknown) => void;
}

/**
 * Each instance's copy of the content students read on every visit (the questionnaire, the colleges, the charter
 * PDF), kept per kind and per version (issue 19). A request never queries content this instance already holds:
 * the counters in `content_versions` are read on a timer, not per request, and a kind whose counter moved is
 * loaded again by the next request that needs it. The instance that made an edit calls `refresh()` so its own
 * next read is fresh at once; the others follow within `pollMs`.
 */
export function contentCache({ readVersions, pollMs, onPollError }: ContentCacheOptions) {
  const entries = new Map<string, Entry>();
  let known: Record<ContentKind, number> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function refresh(): Promise<void> {
    known = await readVersions();
  }

  return {
    refresh,
    /** Reads the counters once (a failure is reported, not thrown), then on a timer that does not keep the process alive. */
    async start(): Promise<void> {
      await refresh().catch((error: unknown) => onPollError?.(error));
      timer = setInterval(() => {
        refresh().catch((error: unknown) => onPollError?.(error));
      }, pollMs);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
    /** The counter of a kind as this instance last read it. */
    version(kind: ContentKind): number {
      return known?.[kind] ?? 0;
    },
    /**
     * The value of `key` (one of `kind`'s) for the kind's current version, loaded once per version and shared by
     * the requests that ask meanwhile. A failed load is forgotten, so the next request tries again.
     */
    get<T>(kind: ContentKind, key: string, load: (version: number) => Promise<T>): Promise<T> {
      const version = known?.[kind] ?? 0;
      const id = `${kind}:${key}`;
      const held = entries.get(id);
      if (held && held.version === version) return held.value as Promise<T>;
      const value = load(version);
      entries.set(id, { version, value });
      value.catch(() => {
        if (entries.get(id)?.value === value) entries.delete(id);
      });
      return value;
    },
  };
}
export type ContentCache = ReturnType<typeof contentCache>;
