import { afterEach, describe, expect, it } from 'vitest';
import { pdfPageCount, pdfText } from '../../test/pdf-text.js';
import { PDF_FONT_DIRS } from './font-dirs.js';
import { createPdfRenderer, type PdfRenderer } from './pdf-renderer.js';

const fontDirs = PDF_FONT_DIRS;
const source =
  '#let d = json("/data.json")\n#set text(lang: "ar", dir: rtl, font: "Noto Naskh Arabic")\nالاسم: #d.name';

let renderer: PdfRenderer | undefined;
afterEach(async () => {
  await renderer?.close();
});

describe('createPdfRenderer', () => {
  it('renders Arabic from JSON data, never from interpolated source', async () => {
    renderer = createPdfRenderer({ fontDirs });
    const pdf = await renderer.render({ source, data: { name: 'أحمد #emph[x] @ref $y$' } });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(pdf)).toBe(1);
    const text = pdfText(pdf);
    expect(text).toContain('emph[x] @ref');
    expect(text).toContain('أحمد');
  });

  it('replaces the child after the configured number of documents and keeps rendering', async () => {
    renderer = createPdfRenderer({ fontDirs, recycleAfter: 2 });
    for (let i = 0; i < 5; i++) await renderer.render({ source, data: { name: `طالب ${i}` } });
    expect(renderer.childrenStarted).toBe(3);
  });

  it('rejects a document that takes too long and recovers with a new child', async () => {
    renderer = createPdfRenderer({ fontDirs, timeoutMs: 300 });
    const slow = '#for i in range(3000000) { let x = i * i }';
    await expect(renderer.render({ source: slow, data: {} })).rejects.toThrow(/longer than 300 ms/);
    const pdf = await renderer.render({ source, data: { name: 'بعد المهلة' } });
    expect(pdfText(pdf)).toContain('بعد');
  });

  it('reports a Typst error without losing the child', async () => {
    renderer = createPdfRenderer({ fontDirs });
    await expect(renderer.render({ source: '#unknown-function()', data: {} })).rejects.toThrow(/unknown/);
    await expect(renderer.render({ source, data: { name: 'سليم' } })).resolves.toBeInstanceOf(Buffer);
    expect(renderer.childrenStarted).toBe(1);
  });
});
