import { describe, expect, it, vi } from 'vitest';
import { createToastBus } from '../src/toast/toastBus.ts';

describe('toast bus', () => {
  it('delivers a published toast to every listener', () => {
    const bus = createToastBus();
    const a = vi.fn();
    const b = vi.fn();
    bus.subscribe(a);
    bus.subscribe(b);
    bus.success('Images extracted!', 'Found 3 images on the webpage.');
    expect(a).toHaveBeenCalledWith(
      expect.objectContaining({
        kind: 'success',
        title: 'Images extracted!',
        description: 'Found 3 images on the webpage.',
      }),
    );
    expect(b).toHaveBeenCalledTimes(1);
  });

  it('replays toasts raised before the shell listened, once', () => {
    const bus = createToastBus();
    bus.error('Scan failed');
    const first = vi.fn();
    bus.subscribe(first);
    expect(first).toHaveBeenCalledWith(expect.objectContaining({ title: 'Scan failed' }));
    const second = vi.fn();
    bus.subscribe(second);
    expect(second).not.toHaveBeenCalled();
  });

  it('stops delivering after unsubscribe', () => {
    const bus = createToastBus();
    const listener = vi.fn();
    const unsubscribe = bus.subscribe(listener);
    unsubscribe();
    bus.info('Logged out');
    expect(listener).not.toHaveBeenCalled();
  });

  it('refuses a toast without a title', () => {
    const bus = createToastBus();
    expect(() => bus.publish({ kind: 'info', title: '' })).toThrow();
  });

  it('gives each toast its own id', () => {
    const bus = createToastBus();
    bus.subscribe(() => {});
    expect(bus.info('a').id).not.toBe(bus.info('b').id);
  });
});
