/**
 * Where each input's lines go. With one input they go straight out, as they always did. With many
 * read at once, JSON lines name their input ("input", first) and go out as they come; a table
 * stays whole, under a `==> input <==` header as `tail` heads each file, in the order the inputs
 * were given: the first unfinished input writes through and the others wait in memory (table
 * rows are short; JSON lines, which may carry data: URLs, never wait).
 */
export type InputOutput = {
  /** A row of the table, on stdout. */
  line(text: string): void;
  /** One image as a JSON line, on stdout. */
  json(value: object): void;
  /** A sentence for the person (a count, where files went, why it failed), on stderr. */
  note(text: string): void;
  /** This input is over: the next one's lines may follow. */
  end(): void;
};

type Held = { stream: 'stdout' | 'stderr'; text: string };

export function createOutputs(labels: readonly string[], options: { many: boolean; json: boolean }): InputOutput[] {
  const write = (stream: Held['stream'], text: string) => process[stream].write(`${text}\n`);
  if (!options.many) {
    return labels.map(() => ({
      line: (text) => write('stdout', text),
      json: (value) => write('stdout', JSON.stringify(value)),
      note: (text) => write('stderr', text),
      end: () => {},
    }));
  }
  if (options.json) {
    return labels.map((input) => ({
      line: (text) => write('stdout', text),
      json: (value) => write('stdout', JSON.stringify({ input, ...value })),
      note: (text) => write('stderr', `${input}: ${text}`),
      end: () => {},
    }));
  }
  const held: Held[][] = labels.map((input, index) => [
    { stream: 'stdout', text: `${index === 0 ? '' : '\n'}==> ${input} <==` },
  ]);
  const ended = labels.map(() => false);
  let current = 0;
  const flush = () => {
    while (current < labels.length) {
      for (const { stream, text } of held[current] ?? []) write(stream, text);
      held[current] = [];
      if (!ended[current]) return;
      current += 1;
    }
  };
  return labels.map((_, index) => {
    const emit = (stream: Held['stream'], text: string) => {
      held[index]?.push({ stream, text });
      if (index === current) flush();
    };
    return {
      line: (text) => emit('stdout', text),
      json: (value) => emit('stdout', JSON.stringify(value)),
      note: (text) => emit('stderr', text),
      end: () => {
        ended[index] = true;
        flush();
      },
    };
  });
}
