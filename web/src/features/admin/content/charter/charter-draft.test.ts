import { CONTENT_MESSAGES } from '@portal/common';
import { describe, expect, it } from 'vitest';
import { checkDraft, move, sameAsPublished, splitParagraphs, toDraft, toRequest } from './charter-draft';

const draft = (...sections: [string, string][]) =>
  sections.map(([title, text], i) => ({ key: `k${i}`, title, text }));

describe('charter draft', () => {
  it('splits paragraphs at empty lines, trimmed, whatever the line endings', () => {
    expect(splitParagraphs('  الأولى\r\n\r\nالثانية\nتكملتها\n \n\n\nالثالثة  \n')).toEqual([
      'الأولى',
      'الثانية\nتكملتها',
      'الثالثة',
    ]);
    expect(splitParagraphs(' \n \n')).toEqual([]);
  });

  it('gives back the published paragraphs it was made from', () => {
    const sections = [{ title: 'أحكام عامة', paragraphs: ['أولى', 'ثانية'] }];
    expect(toRequest(toDraft(sections))).toEqual({ sections });
    expect(sameAsPublished(toDraft(sections), sections)).toBe(true);
    expect(sameAsPublished(draft(['أحكام عامة', 'أولى\n\nثالثة']), sections)).toBe(false);
  });

  it('sends trimmed text and keeps markup and Typst syntax as plain text', () => {
    const result = checkDraft(draft([' أحكام ', '#set page(width: 1cm)\n\n<script>x</script> $x$ ]']));
    expect(result).toEqual({
      ok: true,
      body: {
        sections: [{ title: 'أحكام', paragraphs: ['#set page(width: 1cm)', '<script>x</script> $x$ ]'] }],
      },
    });
  });

  it("puts the server's messages on the section and field they are about", () => {
    const result = checkDraft(draft(['أ', 'نص'], ['حقوق', ''], ['واجبات', 'نص']));
    expect(result).toEqual({
      ok: false,
      errors: {
        sections: {
          0: { title: CONTENT_MESSAGES.charterTitleInvalid },
          1: { text: CONTENT_MESSAGES.charterParagraphsCount },
        },
      },
    });
  });

  it('refuses an empty charter and two sections with one title as a whole', () => {
    expect(checkDraft([])).toEqual({
      ok: false,
      errors: { general: CONTENT_MESSAGES.charterSectionsCount, sections: {} },
    });
    expect(checkDraft(draft(['حقوق', 'أ'], ['حقوق ', 'ب']))).toEqual({
      ok: false,
      errors: { general: CONTENT_MESSAGES.charterTitleDuplicate, sections: {} },
    });
  });

  it('moves an item and leaves the list alone past either end', () => {
    expect(move(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});
