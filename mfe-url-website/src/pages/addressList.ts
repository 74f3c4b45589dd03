import { MESSAGES, PublicUrlSchema, URL_LIST_MAX } from 'shared-contracts';

/** What the address field holds: its lines, blank ones left out, each address once. */
export function addressLines(text: string): { line: number; text: string }[] {
  const seen = new Set<string>();
  const lines: { line: number; text: string }[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const address = raw.trim();
    if (!address || seen.has(address)) return;
    seen.add(address);
    lines.push({ line: index + 1, text: address });
  });
  return lines;
}

export type AddressList =
  | { ok: true; urls: string[] }
  /** Worded for a toast: which line is wrong and why (the schema's words), or too many lines. */
  | { ok: false; title: string; description: string };

/**
 * A list of addresses, one a line, checked before anything is sent: at most URL_LIST_MAX, each an
 * http(s) address by the API's own schema, so its words are the ones a single address gets. The
 * first wrong line is named by its number as the visitor sees it (blank lines count).
 */
export function parseAddressList(text: string): AddressList {
  const lines = addressLines(text);
  if (lines.length > URL_LIST_MAX) return { ok: false, ...MESSAGES.url.tooMany(lines.length, URL_LIST_MAX) };
  const urls: string[] = [];
  for (const { line, text: address } of lines) {
    const parsed = PublicUrlSchema.safeParse(address);
    if (!parsed.success) {
      const reason = parsed.error.issues[0]?.message ?? MESSAGES.url.required.description;
      return { ok: false, ...MESSAGES.url.lineInvalid(line, reason) };
    }
    urls.push(parsed.data);
  }
  return { ok: true, urls };
}
