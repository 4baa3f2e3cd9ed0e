import { afterEach, describe, expect, it } from 'vitest';
import { pdfPageCount, pdfText } from '../../test/pdf-text.js';
import { PDF_FONT_DIRS } from './font-dirs.js';
import { createPdfRenderer, type PdfRenderer } from './pdf-renderer.js';

const fontDirs = PDF_FONT_DIRS;
const source =
  '#let d = json("/data.json")\n#set text(lang: "ar", dir: rtl, font: "Noto Naskh Arabic")\nالاسم: #d.name';

/** Keeps a child busy for seconds, long past the time-outs these tests set. */
const slow = '#for i in range(30000000) { let x = i * i }';

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

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
    // Long enough for a fresh child to start and load its fonts on a busy machine.
    renderer = createPdfRenderer({ fontDirs, timeoutMs: 2_000 });
    await expect(renderer.render({ source: slow, data: {} })).rejects.toThrow(/longer than 2000 ms/);
    const pdf = await renderer.render({ source, data: { name: 'بعد المهلة' } });
    expect(pdfText(pdf)).toContain('بعد');
  });

  it('reports a Typst error without losing the child', async () => {
    renderer = createPdfRenderer({ fontDirs });
    await expect(renderer.render({ source: '#unknown-function()', data: {} })).rejects.toThrow(/unknown/);
    await expect(renderer.render({ source, data: { name: 'سليم' } })).resolves.toBeInstanceOf(Buffer);
    expect(renderer.childrenStarted).toBe(1);
  });
  it('replaces a child that died while idle, without an uncaught channel error', async () => {
    renderer = createPdfRenderer({ fontDirs, timeoutMs: 5_000 });
    await renderer.render({ source, data: { name: 'الأول' } });
    const pid = renderer.childPid;
    expect(pid).toBeTypeOf('number');
    process.kill(pid as number, 'SIGKILL');
    await waitFor(() => renderer?.childPid === undefined);
    const pdf = await renderer.render({ source, data: { name: 'الثاني' } });
    expect(pdfText(pdf)).toContain('الثاني');
    expect(renderer.childrenStarted).toBe(2);
  });

  it('fails the document in flight when its child crashes, then renders with a new child', async () => {
    renderer = createPdfRenderer({ fontDirs, timeoutMs: 10_000 });
    await renderer.render({ source, data: { name: 'قبل' } });
    const pid = renderer.childPid as number;
    const inFlight = renderer.render({ source: slow, data: {} });
    setTimeout(() => process.kill(pid, 'SIGKILL'), 100);
    await expect(inFlight).rejects.toThrow(/exited/);
    const pdf = await renderer.render({ source, data: { name: 'بعد' } });
    expect(pdfText(pdf)).toContain('بعد');
  });

  it('fails the document in flight and the queued ones at once when closed', async () => {
    renderer = createPdfRenderer({ fontDirs, timeoutMs: 10_000 });
    const inFlight = renderer.render({ source: slow, data: {} });
    const queued = renderer.render({ source, data: { name: 'منتظر' } });
    await waitFor(() => renderer?.childPid !== undefined);
    await renderer.close();
    // Without the fix the document in flight would fail only at its 10 s time-out, with another message.
    await expect(inFlight).rejects.toThrow(/closed/);
    await expect(queued).rejects.toThrow(/closed/);
    await expect(renderer.render({ source, data: {} })).rejects.toThrow(/closed/);
  });
});
