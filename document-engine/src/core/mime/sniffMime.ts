/**
 * Whether bytes are a MIME message, and which: told from the top header block (and, for a saved
 * page, its first part), never a name. Cheap: only the first 64 KiB are read.
 */
import { readHeaderBlock } from './headers.ts';
import { readMimeMessage } from './message.ts';

/** A MIME message from its bytes: 'mhtml' for a saved page (multipart/related, an HTML root), else 'eml'. */
export function sniffMimeKind(bytes: Uint8Array): 'eml' | 'mhtml' | undefined {
  const head = bytes.subarray(0, 64 * 1024);
  const firstLine = new TextDecoder('latin1').decode(head.subarray(0, Math.min(head.length, 200)));
  const start = firstLine.startsWith('From ') ? firstLine.indexOf('\n') + 1 : 0;
  if (start < 0 || !/^[!-9;-~]+:/.test(firstLine.slice(start))) return undefined;
  const { fields } = readHeaderBlock(head, start, head.length);
  const has = (name: string) => fields.get(name) !== undefined;
  const isMime = has('mime-version') || has('content-type') || (has('from') && (has('date') || has('subject')));
  if (!isMime) return undefined;
  const { contentType, parts } = safeMessage(head);
  if (contentType?.value !== 'multipart/related') return 'eml';
  const declaredRoot = contentType.params.get('type')?.toLowerCase();
  const root = declaredRoot ?? parts?.[0]?.contentType.value;
  // An e-mail is multipart/related with an HTML root too when its HTML shows inline pictures: a
  // saved page has no addressee (a mailer's message always has To, or at least a Message-ID).
  const mailed = has('to') || has('message-id') || has('received');
  return root === 'text/html' && (!mailed || has('snapshot-content-location')) ? 'mhtml' : 'eml';
}

function safeMessage(head: Uint8Array): Partial<ReturnType<typeof readMimeMessage>> {
  try {
    return readMimeMessage(head);
  } catch {
    return {};
  }
}
