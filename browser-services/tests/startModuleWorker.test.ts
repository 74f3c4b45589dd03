import { afterEach, describe, expect, it, vi } from 'vitest';
import { startModuleWorker } from '../src/workers/startModuleWorker.ts';

// Node has no Worker or location: stand-ins record what the browser would be asked to start.
class FakeWorker extends EventTarget {
  static started: { url: string; options: WorkerOptions }[] = [];
  constructor(url: string | URL, options: WorkerOptions) {
    super();
    FakeWorker.started.push({ url: String(url), options });
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeWorker.started = [];
});

describe('startModuleWorker', () => {
  it('starts a same-origin script directly, as a module', () => {
    vi.stubGlobal('location', new URL('http://localhost:4300/image-extractor-pdf'));
    vi.stubGlobal('Worker', FakeWorker);
    startModuleWorker('/assets/worker.js');
    expect(FakeWorker.started).toEqual([
      { url: 'http://localhost:4300/assets/worker.js', options: { type: 'module', name: undefined } },
    ]);
  });

  it('wraps a cross-origin script in a same-origin blob that imports it, and frees the blob once it speaks', async () => {
    vi.stubGlobal('location', new URL('http://localhost:4300/image-extractor-pdf'));
    vi.stubGlobal('Worker', FakeWorker);
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const worker = startModuleWorker('http://localhost:4303/assets/worker-abc.js', { name: 'documents' });
    const [started] = FakeWorker.started;
    expect(started?.url.startsWith('blob:')).toBe(true);
    expect(started?.options).toEqual({ type: 'module', name: 'documents' });
    const blob = await fetch(started?.url ?? '').then((r) => r.text());
    expect(blob).toBe('import "http://localhost:4303/assets/worker-abc.js";\n');
    expect(revoke).not.toHaveBeenCalled();
    worker.dispatchEvent(new Event('message'));
    expect(revoke).toHaveBeenCalledWith(started?.url);
  });
});
