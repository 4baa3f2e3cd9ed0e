import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_KINDS, type ImageKind, photoFileName } from '@portal/common';
import type { App } from '../src/app.js';
import { tinyPng } from './images.js';
import { type FilePart, multipartBody } from './multipart.js';

/**
 * What the document upload tests share: the images a student sends, the multipart PATCH that sends them, and
 * the files the local store and the staging folder hold afterwards (to show that a refusal left nothing).
 */

/** One PNG per kind, named as the complete-data form names them; each kind and `shade` gives different bytes. */
export function documentPhotos(kinds: readonly ImageKind[] = IMAGE_KINDS, shade = 0): FilePart[] {
  return kinds.map((kind) => ({
    filename: photoFileName(`صورة ${kind}.png`, kind),
    content: tinyPng([10 * IMAGE_KINDS.indexOf(kind), shade, 99]),
  }));
}

/** A multipart PATCH of the student's (text fields first, then the files), with the session cookie if any. */
export function patchMultipart(
  app: App,
  url: string,
  cookie: string | undefined,
  fields: Record<string, string> | readonly (readonly [string, string])[],
  files: readonly FilePart[] = [],
) {
  const body = multipartBody(fields, files);
  return app.inject({
    method: 'PATCH',
    url,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });
}

/** Every file under `dir` (relative paths, sorted), including the stores' temporary folders; [] when none. */
export async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The local image store and the upload staging folder of a test app (createTestApp's data folder). */
export function uploadFolders(app: App) {
  return {
    images: path.join(app.config.dataDir, 'images'),
    staging: path.join(app.config.dataDir, 'tmp', 'uploads'),
  };
}
