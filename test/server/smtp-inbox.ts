import net, { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The decoded text of the message (quoted-printable soft breaks and escapes undone). */
  text: string;
}

/** A real SMTP server on loopback; the product sends to it through SMTP_URL like to any relay. */
export async function startSmtpInbox() {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeQuotedPrintable(raw) });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  async function waitForMail(
    to: string,
    predicate: (mail: ReceivedMail) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = mails.filter((m) => m.to.includes(to) && predicate(m)).at(-1);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first link in a mail that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s"<>]*`).exec(mail.text);
  if (!match) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return match[0].replace(/&amp;/g, '&');
}

/**
 * A relay in front of an inbox that stalls: it accepts every connection and says nothing — as an
 * overloaded or half-broken relay does — until `release()`, which lets the held connections (and
 * every later one) through to the inbox.
 */
export async function startStalledRelay(inbox: { url: string }) {
  const target = new URL(inbox.url);
  const held: net.Socket[] = [];
  let released = false;
  const pass = (socket: net.Socket) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  };
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    if (released) pass(socket);
    else held.push(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Connections waiting for a greeting that has not come. */
    heldConnections: () => held.filter((socket) => !socket.destroyed).length,
    release() {
      released = true;
      for (const socket of held.splice(0)) if (!socket.destroyed) pass(socket);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of held) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
