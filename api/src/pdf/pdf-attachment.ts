import type { FastifyReply } from 'fastify';
import { attachment } from '../lib/attachment.js';

/** Sends PDF bytes as a download with an Arabic file name and an ASCII fallback for older clients. */
export function pdfAttachment(
  reply: FastifyReply,
  pdf: Buffer,
  names: { arabicName: string; asciiName: string },
): FastifyReply {
  return reply
    .type('application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', attachment(`${names.arabicName}.pdf`, `${names.asciiName}.pdf`))
    .send(pdf);
}
