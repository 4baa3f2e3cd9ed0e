import { IMAGE_KINDS, type ImageKind, validateImageSet } from '@portal/common';
import { useCallback, useEffect, useRef, useState } from 'react';
import { prepareImage } from './prepare-image';
import type { ImageToSend } from './upload';
import { forgetUpload, rememberedUpload, uploadIdOf } from './upload-memory';
import { UPLOAD_INTERRUPTED } from './upload-messages';

export interface ChosenImage extends ImageToSend {
  /** An object URL of the file to send, for the preview; revoked when replaced and on unmount. */
  previewUrl: string;
}

/** Where a document's resumable upload stands (issue 34). */
export type UploadState =
  | { state: 'uploading'; percent: number }
  | { state: 'done'; id: string }
  /** `network`: the connection failed, worth another attempt once it is back; else the server refused the file. */
  | { state: 'failed'; message: string; network: boolean };

export interface ImageSlot {
  /** The server already holds this kind (editing): it counts as present and need not be chosen again. */
  stored: boolean;
  chosen: ChosenImage | null;
  /** Checking and compressing the chosen file. */
  processing: boolean;
  /** Why the chosen file was refused (not png or jpeg, too large, a HEIC that does not decode). */
  error: string | null;
  /** The chosen file's upload, or one this device finished before a reload; null where nothing is uploaded. */
  upload: UploadState | null;
  /** The name of the file this device uploaded or began to upload before the page was reloaded. */
  keptName: string | null;
}

export type ImageSlots = Record<ImageKind, ImageSlot>;

export type ImageProblem = { kind: ImageKind; message: string };

const EMPTY: ImageSlot = {
  stored: false,
  chosen: null,
  processing: false,
  error: null,
  upload: null,
  keptName: null,
};

/** The slots as the server and this device left them: an upload finished before a reload counts as chosen. */
function initialSlots(storedKinds: readonly string[], uploadFor: string | null): ImageSlots {
  return Object.fromEntries(
    IMAGE_KINDS.map((kind) => {
      const kept = uploadFor === null ? null : rememberedUpload(uploadFor, kind);
      const upload: UploadState | null = kept?.done ? { state: 'done', id: uploadIdOf(kept.url) } : null;
      return [kind, { ...EMPTY, stored: storedKinds.includes(kind), upload, keptName: kept?.name ?? null }];
    }),
  ) as ImageSlots;
}

/** Present for rule 8: stored on the server, chosen on this page, or uploaded from this device before a reload. */
function isPresent(slot: ImageSlot): boolean {
  return slot.stored || slot.chosen !== null || slot.upload?.state === 'done';
}

/**
 * Rule 8 in the order of the kinds: a refused file, else a missing image (the shared `validateImageSet`, which
 * counts the stored ones). Null when all six are there.
 */
export function firstImageProblem(slots: ImageSlots): ImageProblem | null {
  const present = IMAGE_KINDS.filter((kind) => isPresent(slots[kind]));
  for (const kind of IMAGE_KINDS) {
    const { error } = slots[kind];
    if (error !== null) return { kind, message: error };
    if (!present.includes(kind)) {
      const set = validateImageSet(present);
      if (!set.ok) return { kind: set.field, message: set.message };
    }
  }
  return null;
}

/** The kinds still uploading, in the order of the kinds (what the submit waits for). */
export function uploadingKinds(slots: ImageSlots): ImageKind[] {
  return IMAGE_KINDS.filter((kind) => slots[kind].upload?.state === 'uploading');
}

/** The first failed upload, to point at its card. */
export function firstFailedUpload(slots: ImageSlots): ImageProblem | null {
  for (const kind of IMAGE_KINDS) {
    const upload = slots[kind].upload;
    if (upload?.state === 'failed') return { kind, message: upload.message };
  }
  return null;
}

/** The submit's `uploads`: the id of each finished upload by kind. */
export function finishedUploads(slots: ImageSlots): Partial<Record<ImageKind, string>> {
  const ids: Partial<Record<ImageKind, string>> = {};
  for (const kind of IMAGE_KINDS) {
    const upload = slots[kind].upload;
    if (upload?.state === 'done') ids[kind] = upload.id;
  }
  return ids;
}

/** Loaded once the first document is picked: tus-js-client is a chunk of its own. */
const loadUploader = () => import('./tus-upload');

/**
 * The six image slots of a form: choosing (checked and compressed), clearing, and waiting for all to settle. With
 * `uploadFor` (the student's id) each chosen image is also uploaded at once, resumably (issue 34): its progress,
 * its failure and a retry are the slot's.
 */
export function useImageChoices(storedKinds: readonly string[], uploadFor: string | null = null) {
  const [slots, setSlots] = useState<ImageSlots>(() => initialSlots(storedKinds, uploadFor));
  // The latest slots, for code that runs after an await (the submit), where the render's value is stale.
  const latest = useRef(slots);
  const pending = useRef(new Map<ImageKind, Promise<void>>());
  const generation = useRef(new Map<ImageKind, number>());
  const uploads = useRef(new Map<ImageKind, { abort: () => void; restart: () => void }>());
  const uploadWaiters = useRef(new Set<() => void>());

  const update = useCallback((kind: ImageKind, change: (slot: ImageSlot) => ImageSlot) => {
    const next = { ...latest.current, [kind]: change(latest.current[kind]) };
    latest.current = next;
    setSlots(next);
    if (uploadingKinds(next).length === 0) {
      for (const wake of uploadWaiters.current) wake();
      uploadWaiters.current.clear();
    }
  }, []);

  const replaceChosen = useCallback(
    (kind: ImageKind, chosen: ChosenImage | null, error: string | null, upload: UploadState | null) => {
      update(kind, (slot) => {
        if (slot.chosen) URL.revokeObjectURL(slot.chosen.previewUrl);
        return { ...slot, chosen, error, processing: false, upload, keptName: null };
      });
    },
    [update],
  );

  const stopUpload = useCallback((kind: ImageKind) => {
    uploads.current.get(kind)?.abort();
    uploads.current.delete(kind);
  }, []);

  /** Starts (or resumes) the chosen image's upload; events of an older choice of the kind are dropped. */
  const upload = useCallback(
    (kind: ImageKind, image: ChosenImage) => {
      if (uploadFor === null) return;
      stopUpload(kind);
      const mine = generation.current.get(kind);
      const current = () => generation.current.get(kind) === mine;
      const set = (state: UploadState) => {
        if (current()) update(kind, (slot) => ({ ...slot, upload: state }));
      };
      set({ state: 'uploading', percent: 0 });
      const started = loadUploader().then(({ startDocumentUpload }) =>
        startDocumentUpload(
          { studentId: uploadFor, kind, file: image.file, originalName: image.originalName },
          {
            onProgress: (percent) => set({ state: 'uploading', percent }),
            onDone: (id) => set({ state: 'done', id }),
            onFailed: (message, network) => set({ state: 'failed', message, network }),
          },
        ),
      );
      started.then(
        (handle) => {
          if (current()) uploads.current.set(kind, handle);
          else handle.abort();
        },
        // The uploader's chunk did not load (offline): a retry loads it again.
        (error: unknown) => {
          console.warn('the uploader could not start', error);
          set({ state: 'failed', message: UPLOAD_INTERRUPTED, network: true });
        },
      );
    },
    [uploadFor, update, stopUpload],
  );

  const choose = useCallback(
    (kind: ImageKind, file: File) => {
      // A later choice of the same kind wins over one still being compressed or uploaded.
      const mine = (generation.current.get(kind) ?? 0) + 1;
      generation.current.set(kind, mine);
      stopUpload(kind);
      update(kind, (slot) => ({ ...slot, processing: true, error: null, upload: null }));
      const job = prepareImage(file).then((prepared) => {
        if (generation.current.get(kind) !== mine) return;
        if (!prepared.ok) {
          replaceChosen(kind, null, prepared.message, null);
          return;
        }
        const previewUrl = URL.createObjectURL(prepared.file);
        const chosen = { kind, file: prepared.file, originalName: prepared.originalName, previewUrl };
        replaceChosen(kind, chosen, null, null);
        upload(kind, chosen);
      });
      pending.current.set(kind, job);
      void job.finally(() => {
        if (pending.current.get(kind) === job) pending.current.delete(kind);
      });
    },
    [update, replaceChosen, stopUpload, upload],
  );

  /** Another attempt at a failed upload: it resumes from the last byte the server holds. */
  const retry = useCallback(
    (kind: ImageKind) => {
      const { chosen } = latest.current[kind];
      if (chosen) upload(kind, chosen);
    },
    [upload],
  );

  /** Back to what the server holds for this kind (or nothing); an upload of it is stopped and forgotten. */
  const clear = useCallback(
    (kind: ImageKind) => {
      generation.current.set(kind, (generation.current.get(kind) ?? 0) + 1);
      pending.current.delete(kind);
      stopUpload(kind);
      if (uploadFor !== null) forgetUpload(uploadFor, kind);
      replaceChosen(kind, null, null, null);
    },
    [replaceChosen, stopUpload, uploadFor],
  );

  /** The slots once every chosen file is checked and compressed. */
  const settled = useCallback(async (): Promise<ImageSlots> => {
    while (pending.current.size > 0) await Promise.all(pending.current.values());
    return latest.current;
  }, []);

  /** The slots once no upload is under way (each has finished or failed). */
  const uploadsSettled = useCallback(async (): Promise<ImageSlots> => {
    if (uploadingKinds(latest.current).length > 0) {
      await new Promise<void>((resolve) => uploadWaiters.current.add(resolve));
    }
    return latest.current;
  }, []);

  // The connection is back (Wi-Fi found again, mobile data on): the uploads it broke go on by themselves.
  useEffect(() => {
    // One still going may hang on the lost connection: it restarts from the server's offset.
    const resume = () => {
      for (const kind of IMAGE_KINDS) {
        const slot = latest.current[kind];
        if (slot.upload?.state === 'uploading') uploads.current.get(kind)?.restart();
        else if (slot.upload?.state === 'failed' && slot.upload.network && slot.chosen)
          upload(kind, slot.chosen);
      }
    };
    window.addEventListener('online', resume);
    return () => window.removeEventListener('online', resume);
  }, [upload]);

  useEffect(
    () => () => {
      for (const handle of uploads.current.values()) handle.abort();
      for (const slot of Object.values(latest.current)) {
        if (slot.chosen) URL.revokeObjectURL(slot.chosen.previewUrl);
      }
    },
    [],
  );

  return { slots, choose, clear, retry, settled, uploadsSettled };
}
