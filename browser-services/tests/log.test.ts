import { afterEach, describe, expect, it, vi } from 'vitest';
import { logError } from '../src/log/index.ts';

describe('logError', () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts the line with its source and what failed, then the error itself', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = new Error('quota');
    logError('shared-ui', error, 'Download All failed');
    logError('mfe-documents', 'no reason given');
    expect(logged.mock.calls).toEqual([
      ['[shared-ui] Download All failed', error],
      ['[mfe-documents]', 'no reason given'],
    ]);
  });
});
