import { IMAGE_KIND_LABELS, IMAGE_KINDS, MESSAGE_TEMPLATES, MESSAGES } from '@portal/common';
import { describe, expect, it } from 'vitest';
import { pngFile } from './testing/image-files';
import {
  finishedUploads,
  firstFailedUpload,
  firstImageProblem,
  type ImageSlot,
  type ImageSlots,
  uploadingKinds,
} from './use-image-choices';

const empty: ImageSlot = {
  stored: false,
  chosen: null,
  processing: false,
  error: null,
  upload: null,
  keptName: null,
};
const chosen: ImageSlot = {
  ...empty,
  chosen: { kind: 'frontIdCard', file: pngFile(), originalName: 'scan.png', previewUrl: 'blob:x' },
};

function slots(overrides: Partial<ImageSlots> = {}): ImageSlots {
  return { ...(Object.fromEntries(IMAGE_KINDS.map((kind) => [kind, empty])) as ImageSlots), ...overrides };
}

describe('firstImageProblem', () => {
  it('names the first missing image in the order of the kinds', () => {
    expect(firstImageProblem(slots())).toEqual({
      kind: 'frontIdCard',
      message: MESSAGE_TEMPLATES.imageRequired(IMAGE_KIND_LABELS.frontIdCard),
    });
    expect(firstImageProblem(slots({ frontIdCard: chosen, backIdCard: { ...empty, stored: true } }))).toEqual(
      {
        kind: 'birthCertificate',
        message: MESSAGE_TEMPLATES.imageRequired(IMAGE_KIND_LABELS.birthCertificate),
      },
    );
  });

  it('counts stored images as present and reports a refused file where it comes', () => {
    const allStored = slots(
      Object.fromEntries(IMAGE_KINDS.map((kind) => [kind, { ...empty, stored: true }])) as ImageSlots,
    );
    expect(firstImageProblem(allStored)).toBeNull();
    const refused = {
      ...allStored,
      personalPhoto: { ...empty, stored: true, error: MESSAGES.imageNotImage },
    };
    expect(firstImageProblem(refused)).toEqual({ kind: 'personalPhoto', message: MESSAGES.imageNotImage });
  });
});

describe('the uploads the submit waits for and names', () => {
  const withUpload = (upload: ImageSlot['upload']): ImageSlot => ({ ...chosen, upload });

  it('waits for the uploading ones, points at the first failure and names only the finished ones', () => {
    const state = slots({
      frontIdCard: withUpload({ state: 'done', id: 'a'.repeat(32) }),
      backIdCard: withUpload({ state: 'uploading', percent: 40 }),
      birthCertificate: withUpload({ state: 'failed', message: 'refused', network: false }),
      personalPhoto: withUpload({ state: 'uploading', percent: 0 }),
    });
    expect(uploadingKinds(state)).toEqual(['backIdCard', 'personalPhoto']);
    expect(firstFailedUpload(state)).toEqual({ kind: 'birthCertificate', message: 'refused' });
    expect(finishedUploads(state)).toEqual({ frontIdCard: 'a'.repeat(32) });
  });

  it('counts an upload this device finished before a reload as a present image', () => {
    const kept: ImageSlot = { ...empty, upload: { state: 'done', id: 'b'.repeat(32) }, keptName: 'id.jpg' };
    const allKept = slots(Object.fromEntries(IMAGE_KINDS.map((kind) => [kind, kept])) as ImageSlots);
    expect(firstImageProblem(allKept)).toBeNull();
    const unfinished: ImageSlot = { ...empty, keptName: 'id.jpg' };
    expect(firstImageProblem({ ...allKept, nominationCard: unfinished })?.kind).toBe('nominationCard');
  });
});
