import { describe, expect, it } from 'vitest';
import { sameSections, sectionChanges } from './charter-changes.js';

const a = { title: 'أحكام عامة', paragraphs: ['الأولى', 'الثانية'] };
const b = { title: 'حقوق الطالب', paragraphs: ['الثالثة'] };
const c = { title: 'واجبات الطالب', paragraphs: ['الرابعة'] };

describe('sameSections', () => {
  it('is true only for the same titles and paragraphs in the same order', () => {
    expect(sameSections([a, b], [{ ...a, paragraphs: [...a.paragraphs] }, { ...b }])).toBe(true);
    expect(sameSections([a, b], [b, a])).toBe(false);
    expect(sameSections([a, b], [a])).toBe(false);
    expect(sameSections([a], [{ ...a, title: 'أحكام عامة.' }])).toBe(false);
    expect(sameSections([a], [{ ...a, paragraphs: ['الأولى'] }])).toBe(false);
    expect(sameSections([a], [{ ...a, paragraphs: ['الثانية', 'الأولى'] }])).toBe(false);
    expect(sameSections([a], [{ ...a, paragraphs: ['الأولى', 'الثانية', ''] }])).toBe(false);
  });
});

describe('sectionChanges', () => {
  it('names the sections added, removed and edited, by title', () => {
    expect(sectionChanges([a, b], [{ ...a, paragraphs: ['الأولى'] }, c])).toEqual({
      added: [c.title],
      removed: [b.title],
      edited: [a.title],
      reordered: false,
    });
  });

  it('tells a reorder of the kept sections apart from an edit', () => {
    expect(sectionChanges([a, b, c], [c, a, b])).toEqual({
      added: [],
      removed: [],
      edited: [],
      reordered: true,
    });
    // A section removed from the middle leaves the others in their order.
    expect(sectionChanges([a, b, c], [a, c]).reordered).toBe(false);
  });
});
