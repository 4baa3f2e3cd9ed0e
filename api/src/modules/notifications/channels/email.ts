import { createTransport } from 'nodemailer';
import type { NotificationsConfig } from '../../../config/notifications.js';
import { DELIVERY_MESSAGES, DeliveryError } from '../delivery-messages.js';
import type { MessageAttachment } from '../message-content.js';
import { sendSlots } from './send-slots.js';

export type EmailSettings = NonNullable<NotificationsConfig['email']>;

export interface OutgoingEmail {
  /** The notification id: the message's idempotency key, in its Message-ID. */
  key: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: readonly MessageAttachment[];
}

/** Connections kept open to the SMTP server: enough for a few hundred messages a second to a nearby server. */
const MAX_CONNECTIONS = 10;

/** The Message-ID of a notification: the same on every try, so a resent message is recognisably the same. */
export function messageIdOf(key: string, publicUrl: string): string {
  return `<${key}@${new URL(publicUrl).hostname}>`;
}

/**
 * E-mail through SMTP (nodemailer's pooled transport on `SMTP_URL`, from `MAIL_FROM`). A message the server
 * refuses, or that could not start before `signal` aborts (the try's end), is a `DeliveryError`; one under way
 * is bounded by the socket time-out. Close it on shutdown.
 */
export function emailChannel(settings: EmailSettings, publicUrl: string) {
  const transport = createTransport(
    {
      pool: true,
      url: settings.url,
      maxConnections: MAX_CONNECTIONS,
      maxMessages: Number.POSITIVE_INFINITY,
      // A server that stops answering fails the try instead of holding its connection for minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    },
    { from: settings.from },
  );

  // As many sends under way as connections: a message waits here, where its try may still give it up, rather
  // than in nodemailer's queue, where it would go out after its try had been counted as failed.
  const slots = sendSlots(MAX_CONNECTIONS);

  return {
    async send(email: OutgoingEmail, signal: AbortSignal): Promise<void> {
      const release = await slots.acquire(signal);
      try {
        await transport.sendMail({
          messageId: messageIdOf(email.key, publicUrl),
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          attachments: email.attachments.map((attachment) => ({ ...attachment })),
        });
      } catch (error) {
        throw new DeliveryError(DELIVERY_MESSAGES.emailFailed((error as Error).message));
      } finally {
        release();
      }
    },

    close(): void {
      transport.close();
    },
  };
}

export type EmailChannel = ReturnType<typeof emailChannel>;
