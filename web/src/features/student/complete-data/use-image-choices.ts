import { IMAGE_KINDS, type ImageKind, validateImageSet } from '@portal/common';
import { useCallback, useEffect, useRef, useState } from 'react';
import { prepareImage } from './prepare-image';
import type { ImageToSend } from './upload';

export interface ChosenImage extends ImageToSend {
  /** An object URL of the file to send, for the preview; revoked when replaced and on unmount. */
  previewUrl: string;
}

export interface ImageSlot {
  /** The server already holds this kind (editing): it counts as present and need not be chosen again. */
  stored: boolean;
  chosen: ChosenImage | null;
  /** Checking and compressing the chosen file. */
  processing: boolean;
  /** Why the chosen file was refused (not png or jpeg, too large). */
  error: string | null;
}

export type ImageSlots = Record<ImageKind, ImageSlot>;

export type ImageProblem = { kind: ImageKind; message: string };

function initialSlots(storedKinds: readonly string[]): ImageSlots {
  return Object.fromEntries(
    IMAGE_KINDS.map((kind) => [
      kind,
      { stored: storedKinds.includes(kind), chosen: null, processing: false, error: null },
    ]),
  ) as ImageSlots;
}

/**
 * Rule 8 in the order of the kinds: a refused file, else a missing image (the shared `validateImageSet`, which
 * counts the stored ones). Null when all six are there.
 */
export function firstImageProblem(slots: ImageSlots): ImageProblem | null {
  const present = IMAGE_KINDS.filter((kind) => slots[kind].stored || slots[kind].chosen !== null);
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

/** The six image slots of the form: choosing (checked and compressed), clearing, and waiting for all to settle. */
export function useImageChoices(storedKinds: readonly string[]) {
  const [slots, setSlots] = useState<ImageSlots>(() => initialSlots(storedKinds));
  // The latest slots, for code that runs after an await (the submit), where the render's value is stale.
  const latest = useRef(slots);
  const pending = useRef(new Map<ImageKind, Promise<void>>());
  const generation = useRef(new Map<ImageKind, number>());

  const update = useCallback((kind: ImageKind, change: (slot: ImageSlot) => ImageSlot) => {
    const next = { ...latest.current, [kind]: change(latest.current[kind]) };
    latest.current = next;
    setSlots(next);
  }, []);

  const replaceChosen = useCallback(
    (kind: ImageKind, chosen: ChosenImage | null, error: string | null) => {
      update(kind, (slot) => {
        if (slot.chosen) URL.revokeObjectURL(slot.chosen.previewUrl);
        return { ...slot, chosen, error, processing: false };
      });
    },
    [update],
  );

  const choose = useCallback(
    (kind: ImageKind, file: File) => {
      // A later choice of the same kind wins over one still being compressed.
      const mine = (generation.current.get(kind) ?? 0) + 1;
      generation.current.set(kind, mine);
      update(kind, (slot) => ({ ...slot, processing: true, error: null }));
      const job = prepareImage(file).then((prepared) => {
        if (generation.current.get(kind) !== mine) return;
        if (!prepared.ok) {
          replaceChosen(kind, null, prepared.message);
          return;
        }
        const previewUrl = URL.createObjectURL(prepared.file);
        replaceChosen(
          kind,
          { kind, file: prepared.file, originalName: prepared.originalName, previewUrl },
          null,
        );
      });
      pending.current.set(kind, job);
      void job.finally(() => {
        if (pending.current.get(kind) === job) pending.current.delete(kind);
      });
    },
    [update, replaceChosen],
  );

  /** Back to what the server holds for this kind (or nothing). */
  const clear = useCallback(
    (kind: ImageKind) => {
      generation.current.set(kind, (generation.current.get(kind) ?? 0) + 1);
      pending.current.delete(kind);
      replaceChosen(kind, null, null);
    },
    [replaceChosen],
  );

  /** The slots once every chosen file is checked and compressed. */
  const settled = useCallback(async (): Promise<ImageSlots> => {
    while (pending.current.size > 0) await Promise.all(pending.current.values());
    return latest.current;
  }, []);

  useEffect(
    () => () => {
      for (const slot of Object.values(latest.current)) {
        if (slot.chosen) URL.revokeObjectURL(slot.chosen.previewUrl);
      }
    },
    [],
  );

  return { slots, choose, clear, settled };
}
