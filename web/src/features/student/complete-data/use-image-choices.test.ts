import { IMAGE_KIND_LABELS, IMAGE_KINDS, MESSAGE_TEMPLATES, MESSAGES } from '@portal/common';
import { describe, expect, it } from 'vitest';
import { pngFile } from './testing/image-files';
import { firstImageProblem, type ImageSlot, type ImageSlots } from './use-image-choices';

const empty: ImageSlot = { stored: false, chosen: null, processing: false, error: null };
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
