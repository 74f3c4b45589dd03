import type * as z from 'zod/mini';

/** A line of an NDJSON answer that is not JSON, or not what the schema allows. */
export class NdjsonLineError extends Error {
  override readonly name = 'NdjsonLineError';
  constructor(
    readonly lineNumber: number,
    readonly line: string,
    detail: string,
  ) {
    super(`The service sent line ${lineNumber} that is not a valid event (${detail}).`);
  }
}

const SHOWN_LINE_CHARS = 120;

/**
 * The browser's one NDJSON reader: a streamed body, one JSON value per line, each checked against
 * `schema` as it arrives. Lines may be cut anywhere across chunks (even inside a UTF-8 character);
 * the last line needs no newline; blank lines and `\r\n` endings are taken. A line that does not
 * parse or fit the schema throws NdjsonLineError: never silently dropped. Breaking out of the loop
 * cancels the body (the server sees the client leave).
 */
export async function* readNdjson<Schema extends z.ZodMiniType>(
  body: ReadableStream<Uint8Array>,
  schema: Schema,
): AsyncGenerator<z.infer<Schema>> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  let lineNumber = 0;
  const parse = (raw: string): z.infer<Schema> | undefined => {
    lineNumber += 1;
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (!line.trim()) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new NdjsonLineError(lineNumber, line, `not JSON: ${line.slice(0, SHOWN_LINE_CHARS)}`);
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new NdjsonLineError(lineNumber, line, `${issue?.path.join('.') || 'line'}: ${issue?.message ?? 'invalid'}`);
    }
    return parsed.data;
  };
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffered += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline = buffered.indexOf('\n');
      while (newline >= 0) {
        const event = parse(buffered.slice(0, newline));
        buffered = buffered.slice(newline + 1);
        if (event !== undefined) yield event;
        newline = buffered.indexOf('\n');
      }
      if (done) break;
    }
    const last = parse(buffered);
    if (last !== undefined) yield last;
    finished = true;
  } finally {
    if (finished) reader.releaseLock();
    else await reader.cancel().catch(() => undefined);
  }
}
