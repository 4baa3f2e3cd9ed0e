import { describe, expect, it } from 'vitest';
import {
  CHARTER,
  charterFor,
  fillUniversity,
  sectionOfArticle,
  UNIVERSITY_PLACEHOLDER,
} from './charter-text.js';
import { QUIZ_BANK } from './quiz-bank.js';

describe('charter text', () => {
  it('fills in the university name everywhere the placeholder stands', () => {
    const charter = charterFor('جامعة الاختبار');
    const all = JSON.stringify(charter);
    expect(all).not.toContain(UNIVERSITY_PLACEHOLDER);
    expect(charter.preamble).toContain('جامعة الاختبار');
    expect(charter.closing).toContain('جامعة الاختبار');
    expect(charter.sections).toHaveLength(CHARTER.sections.length);
  });

  it('has every section with at least one article', () => {
    for (const section of CHARTER.sections) expect(section.paragraphs.length).toBeGreaterThan(0);
  });

  it('prints published sections between the shipped title, preamble and closing, filled the same way', () => {
    const charter = charterFor('جامعة الاختبار', [
      { title: 'باب {university}', paragraphs: ['تلتزم {university} بما يلي.', 'فقرة ثانية'] },
    ]);
    expect(charter.title).toBe(CHARTER.title);
    expect(charter.preamble).toBe(fillUniversity(CHARTER.preamble, 'جامعة الاختبار'));
    expect(charter.sections).toEqual([
      { title: 'باب جامعة الاختبار', paragraphs: ['تلتزم جامعة الاختبار بما يلي.', 'فقرة ثانية'] },
    ]);
    expect(charter.closing).toContain('جامعة الاختبار');
  });

  it('puts a name with replacement patterns in as it is', () => {
    expect(fillUniversity('في {university}.', "جامعة $& $1 $' ")).toBe("في جامعة $& $1 $' .");
  });
});

describe('quiz bank', () => {
  it('has at least 24 questions indexed 1..N without gaps or repeats', () => {
    expect(QUIZ_BANK.length).toBeGreaterThanOrEqual(24);
    expect(QUIZ_BANK.map((q) => q.index)).toEqual(QUIZ_BANK.map((_, i) => i + 1));
    expect(new Set(QUIZ_BANK.map((q) => q.question)).size).toBe(QUIZ_BANK.length);
  });

  it('names for each question an article of the shipped charter, so the seed records its section', () => {
    for (const { index, article } of QUIZ_BANK)
      expect(
        sectionOfArticle(CHARTER.sections, article),
        `question ${index}, article ${article}`,
      ).toBeDefined();
    expect(sectionOfArticle(CHARTER.sections, 1)).toBe(CHARTER.sections[0]?.title);
    expect(sectionOfArticle(CHARTER.sections, 0)).toBeUndefined();
    const articles = CHARTER.sections.reduce((sum, section) => sum + section.paragraphs.length, 0);
    expect(sectionOfArticle(CHARTER.sections, articles)).toBe(CHARTER.sections.at(-1)?.title);
    expect(sectionOfArticle(CHARTER.sections, articles + 1)).toBeUndefined();
  });

  it('is roughly half true and half false', () => {
    const trues = QUIZ_BANK.filter((q) => q.answer).length;
    expect(Math.abs(trues - (QUIZ_BANK.length - trues))).toBeLessThanOrEqual(2);
  });
});
