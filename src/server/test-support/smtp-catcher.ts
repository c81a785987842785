import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  /** The envelope's sender address. */
  from: string;
  /** The From header as a reader sees it (encoded words decoded). */
  fromHeader: string;
  to: string[];
  subject: string;
  /** The text body, quoted-printable decoded (of a multipart message, its text/plain part). */
  text: string;
  /** The text/html part of a multipart message, decoded. */
  html?: string;
  raw: string;
}

/** Decodes a quoted-printable body (soft line breaks and =XX escapes, UTF-8). */
export function decodeQuotedPrintable(input: string): string {
  const joined = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i]!;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(c, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A header's RFC 2047 encoded words, decoded (the space between two of them is not text). */
const decodeWords = (value: string): string =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );

/** A message's (or a MIME part's) header lines, folded lines joined, and its decoded body. */
function splitPart(raw: string) {
  const split = raw.indexOf('\r\n\r\n') >= 0 ? raw.indexOf('\r\n\r\n') : raw.indexOf('\n\n');
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\s+/, '');
  const header = (name: string) =>
    new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  let text = body;
  if (encoding === 'quoted-printable') text = decodeQuotedPrintable(body);
  else if (encoding === 'base64')
    text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { header, body, text: text.replace(/\r\n/g, '\n') };
}

/** The decoded parts of a multipart body, by content type (nested multiparts included). */
function partsOf(body: string, contentType: string): Array<{ type: string; text: string }> {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return [];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .flatMap((part) => {
      const p = splitPart(part.replace(/^\r?\n/, ''));
      const type = p.header('Content-Type');
      return type.toLowerCase().startsWith('multipart/')
        ? partsOf(p.body, type)
        : [{ type: type.toLowerCase(), text: p.text }];
    });
}

function parse(raw: string, from: string, to: string[]): CaughtMail {
  const { header, body, text } = splitPart(raw);
  const contentType = header('Content-Type');
  const parts = contentType.toLowerCase().startsWith('multipart/')
    ? partsOf(body, contentType)
    : [];
  const partText = (type: string) =>
    parts.find((p) => p.type.startsWith(type))?.text.replace(/\n+$/, '\n');
  const html = partText('text/html');
  return {
    from,
    fromHeader: decodeWords(header('From')),
    to,
    subject: decodeWords(header('Subject')),
    text: parts.length ? (partText('text/plain') ?? '') : text,
    ...(html !== undefined && { html }),
    raw,
  };
}

/** A local SMTP server that keeps every message (tests and the e2e server). */
export async function startSmtpCatcher(port = 0, onMail?: (m: CaughtMail) => void) {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = parse(
          Buffer.concat(chunks).toString('utf8'),
          session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          session.envelope.rcptTo.map((r) => r.address),
        );
        mails.push(mail);
        onMail?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
