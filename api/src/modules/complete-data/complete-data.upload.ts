import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import {
  COMPLETE_DATA_FIELDS,
  COMPLETE_DATA_LABELS,
  COMPLETE_DATA_WIRE_MAX_BYTES,
  type CompleteDataField,
  IMAGE_KINDS,
  type ImageContentType,
  type ImageKind,
  MESSAGE_TEMPLATES,
  MESSAGES,
  PHOTOS_FIELD,
  photoKindOf,
  REVIEW_MESSAGES,
  SERVER_IMAGE_MAX_BYTES,
  STAGED_UPLOAD_MESSAGES,
  STAGED_UPLOADS_FIELD,
  type StagedUploads,
  stagedUploadsSchema,
} from '@portal/common';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { ImageEnds } from './image-ends.js';
import { normalizeImage } from './image-normalize.js';

/** Caps on one complete-data request, enforced while it streams in. */
export const UPLOAD_LIMITS = {
  fieldNameSize: 100,
  fieldSize: COMPLETE_DATA_WIRE_MAX_BYTES,
  fields: COMPLETE_DATA_FIELDS.length + 10,
  fileSize: SERVER_IMAGE_MAX_BYTES,
  files: IMAGE_KINDS.length,
  parts: COMPLETE_DATA_FIELDS.length + 10 + IMAGE_KINDS.length,
  headerPairs: 100,
};

/** An uploaded image in the staging folder: its content type comes from its first bytes, never its name. */
export interface StagedImage {
  kind: ImageKind;
  file: string;
  contentType: ImageContentType;
  sizeBytes: number;
  sha256: string;
}

/** Documents received with a submit: `photos` parts already staged, or (exclusively) staged uploads named. */
export interface ReceivedDocuments {
  images: Map<ImageKind, StagedImage>;
  uploads: StagedUploads | undefined;
}

export interface ReceivedForm extends ReceivedDocuments {
  fields: Partial<Record<CompleteDataField, string>>;
}

/** The multipart plugin's and busboy's failures as Arabic answers with a truthful status. */
const MULTIPART_ERRORS: Record<string, [number, string]> = {
  FST_REQ_FILE_TOO_LARGE: [413, MESSAGES.imageTooLarge],
  FST_FILES_LIMIT: [400, MESSAGES.photosTooMany],
  FST_FIELDS_LIMIT: [413, MESSAGES.formTooLarge],
  FST_PARTS_LIMIT: [413, MESSAGES.formTooLarge],
  FST_PROTO_VIOLATION: [400, MESSAGES.invalidInput],
  FST_INVALID_JSON_FIELD_ERROR: [400, MESSAGES.invalidInput],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, MESSAGES.multipartRequired],
  FST_MP_PREMATURE_CLOSE: [400, MESSAGES.invalidInput],
};

function toAppError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const known = typeof code === 'string' ? MULTIPART_ERRORS[code] : undefined;
  if (known) return new AppError(known[0], known[1]);
  // busboy's own parse errors: 'Unexpected end of multipart data', 'Malformed part header', …
  if (
    error instanceof Error &&
    !('statusCode' in error) &&
    /multipart|part header|part terminated|boundary/i.test(error.message)
  ) {
    return new AppError(400, MESSAGES.invalidInput);
  }
  return error;
}

class FileTooLarge extends Error {}

/**
 * A per-request folder of staged uploads, removed whatever happens (`clear` in a `finally`); stale leftovers of
 * a crash are swept by the storage plugin.
 */
export class UploadStaging {
  private readonly files: string[] = [];

  constructor(private readonly dir: string) {}

  /**
   * Streams one image to a staging file while keeping its first and last bytes: 413
   * past the size limit (the rest is not read), 415 unless the content is png or jpeg; then cleans it.
   */
  async stage(part: MultipartFile, kind: ImageKind): Promise<StagedImage> {
    await mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${randomUUID()}.upload`);
    this.files.push(file);
    const ends = new ImageEnds();
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        ends.add(chunk);
        callback(null, chunk);
      },
    });
    part.file.once('limit', () => part.file.destroy(new FileTooLarge()));
    try {
      await pipeline(part.file, meter, createWriteStream(file, { flags: 'wx' }));
    } catch (error) {
      if (error instanceof FileTooLarge || part.file.truncated) {
        throw new AppError(413, MESSAGES.imageTooLarge);
      }
      // The staging disk failed (full, permissions), not the client.
      if ((error as NodeJS.ErrnoException).syscall) throw new AppError(503, MESSAGES.storageUnavailable);
      throw error;
    }
    if (part.file.truncated) throw new AppError(413, MESSAGES.imageTooLarge);
    return this.normalize(file, kind, ends.check());
  }

  /**
   * Stages an image already checked elsewhere (a finished tus upload, read from its store), then cleans it as
   * `stage` does: a staging disk failure is a 503.
   */
  async adopt(source: Readable, kind: ImageKind, contentType: ImageContentType): Promise<StagedImage> {
    await mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${randomUUID()}.upload`);
    this.files.push(file);
    try {
      await pipeline(source, createWriteStream(file, { flags: 'wx' }));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).syscall) throw new AppError(503, MESSAGES.storageUnavailable);
      throw error;
    }
    return this.normalize(file, kind, contentType);
  }

  /** The image as it will be stored: upright, without metadata; its size and digest are the stored bytes'. */
  private async normalize(
    file: string,
    kind: ImageKind,
    contentType: ImageContentType,
  ): Promise<StagedImage> {
    const clean = `${file}.clean`;
    this.files.push(clean);
    const { sizeBytes, sha256 } = await normalizeImage(file, clean, contentType);
    return { kind, file: clean, contentType, sizeBytes, sha256 };
  }

  async clear(): Promise<void> {
    await Promise.all(this.files.map((file) => rm(file, { force: true }).catch(() => undefined)));
    this.files.length = 0;
  }
}

/**
 * After a refusal mid-body, the rest of the body is read and dropped (bounded by the server's request time-out),
 * so the client, still sending, gets to read the answer and the connection stays usable.
 */
function discardRest(request: FastifyRequest): void {
  request.raw.unpipe();
  request.raw.resume();
}

const KNOWN_FIELDS: ReadonlySet<string> = new Set(COMPLETE_DATA_FIELDS);

function isKnownField(name: string): name is CompleteDataField {
  return KNOWN_FIELDS.has(name);
}

type Limits = typeof UPLOAD_LIMITS;
type FieldPart = Extract<Multipart, { type: 'field' }>;

/**
 * Reads a multipart body of document images: each 'photos' file, named `<name>__<kind>`, staged and checked as
 * it streams; every text field is handed to `onField`, which keeps or refuses it. Structural problems stop the
 * reading at once (unknown or repeated kind, a file in another field, too large, not an image), and the rest of
 * the body is then dropped.
 */
async function receivePhotos(
  request: FastifyRequest,
  staging: UploadStaging,
  limits: Limits,
  onField: (part: FieldPart) => void,
): Promise<Map<ImageKind, StagedImage>> {
  if (!request.isMultipart()) throw new AppError(415, MESSAGES.multipartRequired);
  const images = new Map<ImageKind, StagedImage>();
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        onField(part);
        continue;
      }
      if (part.fieldname !== PHOTOS_FIELD) throw new AppError(400, MESSAGES.photoFieldUnknown);
      const kind = photoKindOf(part.filename ?? '');
      if (kind === null) throw new AppError(400, MESSAGES.photoKindUnknown);
      if (images.has(kind)) throw new AppError(400, MESSAGES.photoKindRepeated);
      images.set(kind, await staging.stage(part, kind));
    }
  } catch (error) {
    discardRest(request);
    throw toAppError(error);
  }
  return images;
}

/**
 * The `uploads` text field (issue 34): the JSON naming finished tus uploads by kind, instead of `photos` parts.
 * Refused (400) when it is not that JSON, or when `photos` files came with it.
 */
function namedUploads(value: string | undefined, images: ReadonlyMap<ImageKind, StagedImage>) {
  if (value === undefined) return undefined;
  if (images.size > 0) throw new AppError(400, STAGED_UPLOAD_MESSAGES.uploadsWithPhotos);
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new AppError(400, STAGED_UPLOAD_MESSAGES.uploadsInvalid);
  }
  const parsed = stagedUploadsSchema.safeParse(json);
  if (!parsed.success) throw new AppError(400, STAGED_UPLOAD_MESSAGES.uploadsInvalid);
  return parsed.data;
}

/**
 * Reads the complete-data form: its text fields (unknown ones ignored, a repeated one refused) and its images,
 * sent as `photos` parts or named as staged uploads in the `uploads` field; the form's rules are checked
 * afterwards.
 */
export async function receiveCompleteDataForm(
  request: FastifyRequest,
  staging: UploadStaging,
): Promise<ReceivedForm> {
  const fields: Partial<Record<CompleteDataField, string>> = {};
  const seenFields = new Set<string>();
  let uploads: string | undefined;
  const images = await receivePhotos(request, staging, UPLOAD_LIMITS, (part) => {
    if (part.fieldnameTruncated || typeof part.value !== 'string') {
      throw new AppError(400, MESSAGES.invalidInput);
    }
    if (seenFields.has(part.fieldname)) throw new AppError(400, MESSAGES.fieldRepeated);
    seenFields.add(part.fieldname);
    if (part.fieldname === STAGED_UPLOADS_FIELD) {
      if (part.valueTruncated) throw new AppError(400, STAGED_UPLOAD_MESSAGES.uploadsInvalid);
      uploads = part.value;
      return;
    }
    if (!isKnownField(part.fieldname)) return;
    if (part.valueTruncated) {
      throw new AppError(400, MESSAGE_TEMPLATES.fieldTooLong(COMPLETE_DATA_LABELS[part.fieldname]));
    }
    fields[part.fieldname] = part.value;
  });
  return { fields, images, uploads: namedUploads(uploads, images) };
}

/**
 * Caps on a replacement of refused documents: the same images. A text field is refused as soon as it is read,
 * so its value need not be read whole; the count of fields stays the form's, so that a few fields are refused
 * for what they are (400) rather than as a form too large.
 */
export const REPLACE_LIMITS: Limits = { ...UPLOAD_LIMITS, fieldSize: 1024 };

/**
 * Reads a replacement of refused documents: 'photos' files only, named as in the complete-data form, or the
 * `uploads` field naming staged uploads; any other text field is refused (400), so that nothing of the form's
 * data can be changed this way.
 */
export async function receiveReplacementDocuments(
  request: FastifyRequest,
  staging: UploadStaging,
): Promise<ReceivedDocuments> {
  let uploads: string | undefined;
  const images = await receivePhotos(request, staging, REPLACE_LIMITS, (part) => {
    if (part.fieldname !== STAGED_UPLOADS_FIELD || uploads !== undefined) {
      throw new AppError(400, REVIEW_MESSAGES.replaceFieldsRefused);
    }
    if (part.valueTruncated || typeof part.value !== 'string') {
      throw new AppError(400, STAGED_UPLOAD_MESSAGES.uploadsInvalid);
    }
    uploads = part.value;
  });
  return { images, uploads: namedUploads(uploads, images) };
}
