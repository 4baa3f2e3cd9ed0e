import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sourcePath } from '../lib/source-path.js';
import { PDF_FONT_DIRS } from './font-dirs.js';
import { createPdfRenderer, type PdfRenderer } from './pdf-renderer.js';

const LAYOUT = sourcePath(import.meta.url, './portal.typ');
const DEFAULT_LOGO = sourcePath(import.meta.url, '../../assets/logo.svg');

export interface PdfDocuments {
  /**
   * Renders the Typst template at `templatePath` with `data` (read by the template from /data.json, beside the
   * `branding` the shared layout needs) and extra files such as a photo or a QR code.
   */
  render(
    templatePath: string,
    data: Record<string, unknown>,
    files?: Record<string, Uint8Array>,
  ): Promise<Buffer>;
}

declare module 'fastify' {
  interface FastifyInstance {
    pdf: PdfDocuments;
  }
}

/** The PDF renderer, started on the first document so that processes which never render spawn nothing. */
export const pdfPlugin = fp(
  async (app: FastifyInstance, options: { recycleAfter?: number }) => {
    const branding = app.config.branding;
    const logoFile = branding.logoFile ?? DEFAULT_LOGO;
    const logo = await readFile(logoFile);
    const logoName = `logo${path.extname(logoFile).toLowerCase()}`;
    const layout = await readFile(LAYOUT);
    const templates = new Map<string, Promise<string>>();
    let renderer: PdfRenderer | undefined;

    const source = (templatePath: string) => {
      let cached = templates.get(templatePath);
      if (!cached) {
        cached = readFile(templatePath, 'utf8');
        templates.set(templatePath, cached);
      }
      return cached;
    };

    app.decorate('pdf', {
      async render(templatePath, data, files = {}) {
        renderer ??= createPdfRenderer({ fontDirs: PDF_FONT_DIRS, recycleAfter: options.recycleAfter });
        return renderer.render({
          source: await source(templatePath),
          data: { ...data, branding: { ...branding, logo: logoName } },
          files: { ...files, 'portal.typ': layout, [logoName]: logo },
        });
      },
    } satisfies PdfDocuments);

    app.addHook('onClose', async () => {
      await renderer?.close();
    });
  },
  { name: 'portal-pdf', decorators: { fastify: ['config'] } },
);
