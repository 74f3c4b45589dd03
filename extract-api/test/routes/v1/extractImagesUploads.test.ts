/**
 * `POST /v1/extract-images` refuses an upload it cannot take with 400 and a sentence saying what
 * to send (never a 500, nor a 413 that is not about size).
 */
import type { FastifyInstance } from 'fastify';
import type { ExtractImagesError } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MAX_CHARS } from '../../../src/routes/v1/extractImages/index.ts';
import { buildTestApp, tempDir } from '../../helper.ts';

const NOT_A_DOCUMENT = 'GIF89a not a document at all, but long enough';

/** A multipart body written by hand, so its parts and boundary can be wrong on purpose. */
function multipart(parts: { name: string; file?: string; value: string }[], boundary = 'XyZ123boundary') {
  const body = parts
    .map(
      (part) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${part.file ? `; filename="${part.file}"\r\nContent-Type: application/octet-stream` : ''}\r\n\r\n${part.value}\r\n`,
    )
    .join('');
  return { payload: Buffer.from(`${body}--${boundary}--\r\n`), boundary };
}

describe('POST /v1/extract-images upload errors', () => {
  let app: FastifyInstance;
  let remove: () => Promise<void>;
  const post = (payload: Buffer, boundary: string) =>
    app.inject({
      method: 'POST',
      url: '/v1/extract-images',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });

  beforeAll(async () => {
    const dir = await tempDir();
    remove = dir.remove;
    app = await buildTestApp({ dataDir: dir.dir });
  });
  afterAll(async () => {
    await app.close();
    await remove();
  });

  it('should answer 400 for a body whose boundary is not the one announced', async () => {
    const { payload } = multipart([{ name: 'file', file: 'a.pdf', value: NOT_A_DOCUMENT }], 'TheRealBoundary');
    const response = await post(payload, 'AnnouncedBoundary');
    expect(response.statusCode).toBe(400);
    expect(response.json<ExtractImagesError>().message).toMatch(/send one document in the multipart field file/);
  });

  it('should answer 400, not 413, for two files', async () => {
    const { payload, boundary } = multipart([
      { name: 'file', file: 'a.pdf', value: NOT_A_DOCUMENT },
      { name: 'file', file: 'b.pdf', value: NOT_A_DOCUMENT },
    ]);
    const response = await post(payload, boundary);
    expect(response.statusCode).toBe(400);
    expect(response.json<ExtractImagesError>().message).toMatch(
      /could not be read .*send one document in the multipart field file/,
    );
  });

  it(`should answer 400 for a password longer than ${PASSWORD_MAX_CHARS} characters, and take one of ${PASSWORD_MAX_CHARS}`, async () => {
    for (const password of [
      'p'.repeat(PASSWORD_MAX_CHARS + 1),
      'é'.repeat(PASSWORD_MAX_CHARS + 1),
      'x'.repeat(10_000),
    ]) {
      const { payload, boundary } = multipart([
        { name: 'file', file: 'a.pdf', value: NOT_A_DOCUMENT },
        { name: 'password', value: password },
      ]);
      const response = await post(payload, boundary);
      expect(response.statusCode).toBe(400);
      expect(response.json<ExtractImagesError>().message).toBe(
        "The password is longer than 1,024 characters, more than any document takes: send the document's password in the field password.",
      );
    }
    // 1,024 characters of two bytes each: taken, and the file is then judged (not a document: 415)
    const { payload, boundary } = multipart([
      { name: 'password', value: 'é'.repeat(PASSWORD_MAX_CHARS) },
      { name: 'file', file: 'a.pdf', value: NOT_A_DOCUMENT },
    ]);
    expect((await post(payload, boundary)).statusCode).toBe(415);
  });

  it('should still answer 400 for a missing file and 415 for a body that is not multipart', async () => {
    const { payload, boundary } = multipart([{ name: 'password', value: 'x' }]);
    expect((await post(payload, boundary)).statusCode).toBe(400);
    const json = await app.inject({ method: 'POST', url: '/v1/extract-images', payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });
});
