import { act, renderHook, waitFor } from '@testing-library/react';
import { createEventChannel, type EventChannel, type PublishedToast, toasts } from 'browser-services';
import type { ExtractedImage, ExtractionEvent } from 'shared-contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ExtractionMessages, useExtraction } from '../src/extraction/useExtraction.ts';

const image = (n: number): ExtractedImage => ({ id: String(n), name: `${n}.png`, url: `blob:x/${n}`, source: 'pdf' });

/** An extractor whose events the test pushes; it records the signal of each run. */
function controlledExtractor() {
  const runs: Array<{ input: string; signal: AbortSignal; channel: EventChannel }> = [];
  const extractor = (input: string, signal: AbortSignal) => {
    const channel = createEventChannel();
    signal.addEventListener('abort', () => channel.fail(signal.reason), { once: true });
    runs.push({ input, signal, channel });
    return channel.events;
  };
  return { extractor, runs, last: () => runs[runs.length - 1] as (typeof runs)[number] };
}

const messages: ExtractionMessages = {
  processing: () => ({ title: 'Processing PDF' }),
  complete: (found) => ({ title: 'Extraction Complete', description: `${found} images` }),
  failed: (failure) => ({ title: 'Extraction Failed', description: failure.message }),
  cancelled: (found) => ({ title: 'Extraction cancelled', description: `${found} kept` }),
};

let shown: PublishedToast[] = [];
let unsubscribe: () => void = () => {};
beforeEach(() => {
  shown = [];
  unsubscribe = toasts.subscribe((toast) => shown.push(toast));
});
afterEach(() => unsubscribe());

const push = async (channel: EventChannel, ...events: ExtractionEvent[]) => {
  await act(async () => {
    for (const event of events) channel.push(event);
    await new Promise((resolve) => setTimeout(resolve, 40));
  });
};

describe('useExtraction', () => {
  it('streams images and progress, then says it is done', async () => {
    const { extractor, last } = controlledExtractor();
    const { result } = renderHook(() => useExtraction({ extractor, messages }));
    let outcome: Promise<unknown> = Promise.resolve();
    act(() => {
      outcome = result.current.run('a.pdf');
    });
    expect(result.current.busy).toBe(true);
    expect(shown.map((t) => [t.kind, t.title])).toEqual([['info', 'Processing PDF']]);
    await push(
      last().channel,
      { type: 'start', runsOn: 'browser', kind: 'pdf' },
      { type: 'image', image: image(1) },
      { type: 'progress', done: 1, total: 3, unit: 'pages' },
      { type: 'image', image: image(2) },
    );
    expect(result.current.images.map((i) => i.id)).toEqual(['1', '2']);
    expect(result.current.progress).toEqual({ done: 1, total: 3, unit: 'pages' });
    expect(result.current.start).toMatchObject({ runsOn: 'browser', kind: 'pdf' });
    await push(last().channel, { type: 'done', found: 2 });
    await expect(outcome).resolves.toMatchObject({ status: 'done', found: 2 });
    expect(result.current.status).toBe('done');
    expect(result.current.busy).toBe(false);
    expect(shown.at(-1)).toMatchObject({ kind: 'success', title: 'Extraction Complete', description: '2 images' });
  });

  it('draws a burst of images once per frame, not once per image', async () => {
    const { extractor, last } = controlledExtractor();
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useExtraction({ extractor, messages });
    });
    act(() => {
      void result.current.run('big.pdf');
    });
    const before = renders;
    await push(last().channel, ...Array.from({ length: 500 }, (_, i) => ({ type: 'image', image: image(i) }) as const));
    expect(result.current.images).toHaveLength(500);
    expect(renders - before).toBeLessThan(5);
  });

  it('Cancel stops the work at once, keeps what was found, and nothing arrives after it', async () => {
    const { extractor, last } = controlledExtractor();
    const release = vi.fn();
    const { result } = renderHook(() => useExtraction({ extractor, messages, release }));
    let outcome: Promise<unknown> = Promise.resolve();
    act(() => {
      outcome = result.current.run('a.pdf');
    });
    const run = last();
    // The second image is still waiting for its frame when Cancel is pressed: it is kept too.
    await act(async () => {
      run.channel.push({ type: 'image', image: image(1) });
      await new Promise((resolve) => setTimeout(resolve, 40));
      run.channel.push({ type: 'image', image: image(2) });
      for (let i = 0; i < 10; i += 1) await Promise.resolve();
      result.current.cancel();
      // Pushed after Cancel: never shown.
      run.channel.push({ type: 'image', image: image(3) });
    });
    expect(run.signal.aborted).toBe(true);
    expect(result.current.status).toBe('cancelled');
    expect(result.current.busy).toBe(false);
    expect(result.current.images.map((i) => i.id)).toEqual(['1', '2']);
    expect(shown.at(-1)).toMatchObject({ kind: 'info', title: 'Extraction cancelled', description: '2 kept' });
    await expect(outcome).resolves.toMatchObject({ status: 'cancelled', found: 2 });
    expect(release).not.toHaveBeenCalled();
    expect(shown.some((t) => t.kind === 'success' || t.kind === 'error')).toBe(false);
  });

  it('a new run aborts the last one and releases its images; late images of the old run are released too', async () => {
    const { extractor, runs } = controlledExtractor();
    const release = vi.fn();
    const { result } = renderHook(() => useExtraction({ extractor, messages, release }));
    let first: Promise<unknown> = Promise.resolve();
    act(() => {
      first = result.current.run('one.pdf');
    });
    await push((runs[0] as (typeof runs)[number]).channel, { type: 'image', image: image(1) });
    act(() => {
      void result.current.run('two.pdf');
    });
    expect(runs[0]?.signal.aborted).toBe(true);
    expect(runs[1]?.signal.aborted).toBe(false);
    expect(release).toHaveBeenCalledWith(image(1));
    expect(result.current.images).toEqual([]);
    await expect(first).resolves.toMatchObject({ status: 'replaced' });
    await push((runs[1] as (typeof runs)[number]).channel, { type: 'image', image: image(2) });
    expect(result.current.images.map((i) => i.id)).toEqual(['2']);
    expect(shown.filter((t) => t.kind === 'error')).toEqual([]);
  });

  it('turns an error event into the screen’s failure toast, keeping images found before it', async () => {
    const { extractor, last } = controlledExtractor();
    const { result } = renderHook(() => useExtraction({ extractor, messages }));
    let outcome: Promise<unknown> = Promise.resolve();
    act(() => {
      outcome = result.current.run('a.pdf');
    });
    await push(
      last().channel,
      { type: 'image', image: image(1) },
      { type: 'error', error: 'This file could not be read', code: 'unreadable' },
    );
    await expect(outcome).resolves.toMatchObject({ status: 'failed', failure: { code: 'unreadable' } });
    expect(result.current.status).toBe('failed');
    expect(result.current.failure?.message).toBe('This file could not be read');
    expect(result.current.images).toHaveLength(1);
    expect(shown.at(-1)).toMatchObject({
      kind: 'error',
      title: 'Extraction Failed',
      description: 'This file could not be read',
    });
  });

  it('turns a thrown error into the failure toast, with its code', async () => {
    const extractor = async function* (): AsyncGenerator<ExtractionEvent> {
      yield { type: 'start', runsOn: 'server' };
      throw Object.assign(new Error('The extraction service could not be reached.'), { code: 'network' });
    };
    const { result } = renderHook(() => useExtraction({ extractor, messages }));
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.run(undefined);
    });
    expect(outcome).toMatchObject({ status: 'failed', failure: { code: 'network' } });
    expect(shown.at(-1)).toMatchObject({ kind: 'error', description: 'The extraction service could not be reached.' });
  });

  it('leaving the screen aborts the run and releases every image', async () => {
    const { extractor, last } = controlledExtractor();
    const release = vi.fn();
    const { result, unmount } = renderHook(() => useExtraction({ extractor, messages, release }));
    act(() => {
      void result.current.run('a.pdf');
    });
    const run = last();
    await push(run.channel, { type: 'image', image: image(1) }, { type: 'image', image: image(2) });
    unmount();
    expect(run.signal.aborted).toBe(true);
    await waitFor(() => expect(release).toHaveBeenCalledTimes(2));
    expect(shown.filter((t) => t.kind !== 'info')).toEqual([]);
  });

  it('reset empties the results and releases them', async () => {
    const { extractor, last } = controlledExtractor();
    const release = vi.fn();
    const { result } = renderHook(() => useExtraction({ extractor, messages, release }));
    act(() => {
      void result.current.run('a.pdf');
    });
    await push(last().channel, { type: 'image', image: image(1) }, { type: 'done', found: 1 });
    act(() => result.current.reset());
    expect(result.current.images).toEqual([]);
    expect(result.current.status).toBe('idle');
    expect(release).toHaveBeenCalledWith(image(1));
  });
});
