/**
 * Hostile e-mail and saved pages: MIME structures that would make a naive reader recurse without
 * end, scan quadratically or list without bound. Each is a few MB at most and built in code.
 */
import type { HostileDocument } from './hostileDocument.ts';

const encoder = new TextEncoder();

/** A 1 x 1 PNG: the one picture the nesting classes hold where a reader may reach it. */
const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==';

const NESTING_DEPTH = 10_000;

/** Multiparts nested 10,000 deep, each its own boundary, a picture at the top and at the bottom. */
export function nestedMultipartsEml(): Uint8Array {
  const picture = `Content-Type: image/png\r\nContent-Transfer-Encoding: base64\r\n\r\n${TINY_PNG_BASE64}\r\n`;
  const levels = Array.from(
    { length: NESTING_DEPTH },
    (_, i) => `--b${i}\r\nContent-Type: multipart/mixed; boundary="b${i + 1}"\r\n\r\n`,
  );
  return encoder.encode(
    `MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b0"\r\n\r\n--b0\r\n${picture}${levels.join('')}--b${NESTING_DEPTH}\r\n${picture}`,
  );
}

/** A forwarded message holding a forwarded message… 10,000 deep, the picture at the bottom. */
export function nestedMessagesEml(): Uint8Array {
  const head = 'From: a@example.org\r\nSubject: fwd\r\nMIME-Version: 1.0\r\nContent-Type: message/rfc822\r\n\r\n';
  return encoder.encode(
    `${head.repeat(NESTING_DEPTH)}Content-Type: image/png\r\nContent-Transfer-Encoding: base64\r\n\r\n${TINY_PNG_BASE64}\r\n`,
  );
}

/** 200,000 empty parts: past the part bound long before the end. */
export function manyPartsEml(): Uint8Array {
  return encoder.encode(
    `MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=x\r\n\r\n${'--x\r\n\r\n'.repeat(200_000)}--x--\r\n`,
  );
}

/**
 * A 190-dash boundary over 8 MB of dashes: every byte starts a near-match, which a reader that
 * searches the body byte by byte compares 190 times.
 */
export function dashBoundaryEml(): Uint8Array {
  const boundary = '-'.repeat(190);
  return encoder.encode(
    `MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="${boundary}"\r\n\r\n${'-'.repeat(8_000_000)}`,
  );
}

/** One header folded over 4 MB of continuation lines: the header block's bound ends it. */
export function endlessHeaderEml(): Uint8Array {
  return encoder.encode(`MIME-Version: 1.0\r\nSubject: x\r\n${' continued\r\n'.repeat(400_000)}\r\nbody\r\n`);
}

/**
 * An HTML body of 300,000 `<img` tags never closed: a pattern run over the whole body rescans the
 * rest of it from every one (quadratic).
 */
export function unclosedImageTagsEml(): Uint8Array {
  return encoder.encode(`MIME-Version: 1.0\r\nContent-Type: text/html\r\n\r\n${'<img alt=x '.repeat(300_000)}`);
}

/** A saved page naming one address 5,000 times: the picture once. */
export function repeatedLocationMhtml(): Uint8Array {
  const part = `--p\r\nContent-Type: image/png\r\nContent-Transfer-Encoding: base64\r\nContent-Location: https://example.org/a.png\r\n\r\n${TINY_PNG_BASE64}\r\n`;
  return encoder.encode(
    `From: <Saved by Blink>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/related; type="text/html"; boundary=p\r\n\r\n--p\r\nContent-Type: text/html\r\nContent-Location: https://example.org/\r\n\r\n<img src="a.png">\r\n${part.repeat(5_000)}--p--\r\n`,
  );
}

export const MAIL_HOSTILE_DOCUMENTS: readonly HostileDocument[] = [
  {
    name: 'an e-mail of multiparts nested 10,000 deep',
    kind: 'eml',
    fileName: 'nested-multiparts.eml',
    build: nestedMultipartsEml,
  },
  {
    name: 'an e-mail of forwarded messages nested 10,000 deep',
    kind: 'eml',
    fileName: 'nested-messages.eml',
    build: nestedMessagesEml,
  },
  { name: 'an e-mail of 200,000 parts', kind: 'eml', fileName: 'many-parts.eml', build: manyPartsEml },
  {
    name: 'an e-mail whose boundary of dashes nearly matches every byte',
    kind: 'eml',
    fileName: 'dash-boundary.eml',
    build: dashBoundaryEml,
  },
  {
    name: 'an e-mail whose header is folded over 4 MB',
    kind: 'eml',
    fileName: 'endless-header.eml',
    build: endlessHeaderEml,
  },
  {
    name: 'an e-mail whose HTML has 300,000 <img> tags never closed',
    kind: 'eml',
    fileName: 'unclosed-image-tags.eml',
    build: unclosedImageTagsEml,
  },
  {
    name: 'a saved page naming one address 5,000 times',
    kind: 'mhtml',
    fileName: 'repeated-location.mhtml',
    build: repeatedLocationMhtml,
  },
];
