import { describe, expect, it } from 'vitest';
import { imagesDueForDeletion } from './retention-rule.js';

const now = new Date('2027-09-01T10:00:00Z');
const daysAgo = (days: number, ms = 0) => new Date(now.getTime() - days * 86_400_000 - ms);

describe('imagesDueForDeletion', () => {
  it('is due once the season closed RETENTION_DAYS whole days ago, not a millisecond sooner', () => {
    expect(imagesDueForDeletion({ closedAt: daysAgo(365), imagesDeletedAt: null }, 365, now)).toBe(true);
    expect(imagesDueForDeletion({ closedAt: daysAgo(400), imagesDeletedAt: null }, 365, now)).toBe(true);
    expect(imagesDueForDeletion({ closedAt: daysAgo(365, -1), imagesDeletedAt: null }, 365, now)).toBe(false);
    expect(imagesDueForDeletion({ closedAt: daysAgo(30), imagesDeletedAt: null }, 365, now)).toBe(false);
  });

  it('never touches the current season, whatever its age', () => {
    expect(imagesDueForDeletion({ closedAt: null, imagesDeletedAt: null }, 1, now)).toBe(false);
  });

  it('is done once the images are deleted', () => {
    expect(imagesDueForDeletion({ closedAt: daysAgo(800), imagesDeletedAt: daysAgo(400) }, 365, now)).toBe(
      false,
    );
  });

  it('keeps everything forever at 0', () => {
    expect(imagesDueForDeletion({ closedAt: daysAgo(10_000), imagesDeletedAt: null }, 0, now)).toBe(false);
  });

  it('counts a closing just now as day 0 at RETENTION_DAYS=1', () => {
    expect(imagesDueForDeletion({ closedAt: now, imagesDeletedAt: null }, 1, now)).toBe(false);
    expect(imagesDueForDeletion({ closedAt: daysAgo(1), imagesDeletedAt: null }, 1, now)).toBe(true);
  });
});
