import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The message as it came over the wire. */
  raw: Buffer;
  /** RCPT TO addresses. */
  to: string[];
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  close(): Promise<void>;
}

/** The Message-ID header of a raw message, without its angle brackets. */
export function messageIdOf(raw: Buffer): string | undefined {
  return /^message-id:\s*<([^>]+)>/im.exec(raw.toString('latin1'))?.[1];
}

/**
 * A real SMTP server (the `smtp-server` package) on loopback, on a free port, keeping every message it accepts.
 * No TLS and no authentication, as a mail relay inside the university's network.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    maxClients: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          raw: Buffer.concat(chunks),
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
        });
        callback();
      });
    },
  });
  // A sender that dies mid-message (the kill -9 tests) resets its connection: that is the sender's failure to
  // report, not the sink's; the message it was sending is simply not kept.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
