import { MESSAGES } from '@portal/common';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import type { CharterContentRepository } from './charter-content.repository.js';
import { charterContentService, MAX_DRAFT_RENDERS } from './charter-content.service.js';
import { CHARTER } from './charter-text.js';

/** A service whose renderer answers only when the test releases each render, so renders overlap for certain. */
function serviceWithHeldRenders() {
  const releases: (() => void)[] = [];
  const render = vi.fn(
    () =>
      new Promise<Buffer>((resolve) => {
        releases.push(() => resolve(Buffer.from('%PDF-')));
      }),
  );
  const service = charterContentService({
    repository: {} as CharterContentRepository,
    audit: async () => undefined,
    bumpVersion: async () => undefined,
    refreshContent: async () => undefined,
    render,
    cached: (_key, load) => load(),
    universityName: 'الجامعة',
  });
  const releaseAll = () => {
    for (const release of releases.splice(0)) release();
  };
  return { service, render, releaseAll };
}

describe('draft previews on one instance', () => {
  it(`renders at most ${MAX_DRAFT_RENDERS} at once, refuses the next with 503 at once, and renders again after`, async () => {
    const { service, render, releaseAll } = serviceWithHeldRenders();
    const rendering = Array.from({ length: MAX_DRAFT_RENDERS }, () => service.draftPdf(CHARTER.sections));
    const refused = await service.draftPdf(CHARTER.sections).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 503, message: MESSAGES.serverBusy });
    expect(render).toHaveBeenCalledTimes(MAX_DRAFT_RENDERS);

    releaseAll();
    await Promise.all(rendering);
    const next = service.draftPdf(CHARTER.sections);
    releaseAll();
    expect((await next).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('gives the place back when a render fails', async () => {
    const { service, render } = serviceWithHeldRenders();
    render.mockRejectedValueOnce(new Error('typst failed')).mockRejectedValueOnce(new Error('typst failed'));
    await expect(service.draftPdf(CHARTER.sections)).rejects.toThrow('typst failed');
    await expect(service.draftPdf(CHARTER.sections)).rejects.toThrow('typst failed');
    const third = service.draftPdf(CHARTER.sections);
    expect(render).toHaveBeenCalledTimes(3);
    third.catch(() => undefined);
  });
});
