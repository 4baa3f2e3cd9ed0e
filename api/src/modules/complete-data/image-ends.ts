import {
  IMAGE_HEAD_BYTES,
  IMAGE_TAIL_BYTES,
  type ImageContentType,
  imageIntegrityProblem,
  MESSAGES,
  notImageMessage,
  sniffImageType,
} from '@portal/common';
import { AppError } from '../../lib/app-error.js';

/**
 * An image's first and last bytes, kept as its chunks stream by (a `photos` part, or a finished tus upload read
 * back): all that the checks before storing need, whatever path the image came by.
 */
export class ImageEnds {
  private readonly first: Buffer[] = [];
  private firstBytes = 0;
  private last = Buffer.alloc(0);

  add(chunk: Buffer): void {
    this.last = Buffer.concat([this.last, chunk.subarray(-IMAGE_TAIL_BYTES)]).subarray(-IMAGE_TAIL_BYTES);
    if (this.firstBytes < IMAGE_HEAD_BYTES) {
      this.first.push(chunk);
      this.firstBytes += chunk.length;
    }
  }

  /** The image's type from its first bytes (415 unless png or jpeg), once whole and within the pixel cap (400, 413). */
  check(): ImageContentType {
    const head = Buffer.concat(this.first);
    const contentType = sniffImageType(head);
    if (contentType === null) throw new AppError(415, notImageMessage(head));
    const problem = imageIntegrityProblem(contentType, head, this.last);
    if (problem === 'tooManyPixels') throw new AppError(413, MESSAGES.imageTooManyPixels);
    if (problem === 'corrupt') throw new AppError(400, MESSAGES.imageCorrupt);
    return contentType;
  }
}
