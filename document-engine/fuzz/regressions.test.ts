/**
 * Replays every input the fuzzer kept (fuzz/regressions/<kind>-<hash>.<ext>, each with a one-line
 * JSON sidecar saying how it failed) and asserts the engine now ends on it cleanly: images or a
 * DocumentError / PasswordRequiredError, within the fuzzer's time limit, in a worker with the
 * fuzzer's heap limit (the same runner, so a hang or a crash fails the test instead of the suite).
 *
 * A file whose fix has not landed fails here on purpose: that is how the finding is tracked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loopingFatDoc, wellFormedDoc } from '../hostile/index.ts';
import { CaseRunner } from './runner.ts';

const DIR = join(import.meta.dirname, 'regressions');
/** Twice the fuzzer's per-case limit: a busy CI machine is not a regression. */
const TIME_LIMIT_MS = 10_000;

type Sidecar = { verdict: string; message: string; password?: string; nodeInflate?: boolean };

const files = readdirSync(DIR)
  .filter((name) => !name.endsWith('.json') && !name.startsWith('.'))
  .sort();

describe('fuzz regressions end cleanly', () => {
  const runner = new CaseRunner({ timeoutMs: TIME_LIMIT_MS });
  afterAll(() => runner.close());

  it('the replay runner itself reads a real document and refuses a hostile one, in its worker', async () => {
    const good = await runner.run(wellFormedDoc(), undefined, false);
    expect(good).toMatchObject({ verdict: 'ok' });
    expect(good.refused).toBeUndefined();
    const hostile = await runner.run(loopingFatDoc(), undefined, true);
    expect(hostile).toMatchObject({ verdict: 'ok', refused: 'DocumentError(invalid)' });
  });

  for (const name of files) {
    const sidecarPath = join(DIR, name.replace(/\.\w+$/, '.json'));
    let sidecar: Sidecar = { verdict: '?', message: '' };
    try {
      sidecar = JSON.parse(readFileSync(sidecarPath, 'utf8')) as Sidecar;
    } catch {
      // a file without its sidecar still replays, with the defaults
    }
    it(`${name} (was ${sidecar.verdict}: ${sidecar.message})`, { timeout: 4 * TIME_LIMIT_MS }, async () => {
      const bytes = new Uint8Array(readFileSync(join(DIR, name)));
      // Both inflaters the engine gets in practice: none (the browser) and zlib's (extract-api).
      for (const nodeInflate of [sidecar.nodeInflate ?? false, !(sidecar.nodeInflate ?? false)]) {
        const outcome = await runner.run(bytes, sidecar.password, nodeInflate);
        expect(
          { verdict: outcome.verdict, message: outcome.message, nodeInflate },
          outcome.stack ?? outcome.message,
        ).toMatchObject({ verdict: 'ok' });
      }
    });
  }
});
