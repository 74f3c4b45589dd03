/**
 * `POST /v1/extract-images` with real corpus documents (tooling/corpus.mjs), checked against the
 * manifest (what pdfimages and unzip report), and with the uploads it must refuse.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import {
  DOCUMENT_MAX_BYTES,
  type ExtractImagesError,
  ExtractImagesErrorSchema,
  type ExtractImagesResponse,
  ExtractImagesResponseSchema,
} from 'shared-contracts';
import { MESSAGES } from 'shared-contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusManifest, readCorpus } from '../../../../tooling/corpus.mjs';
import { documentPoolOptions, loadConfig } from '../../../src/config.ts';
import {
  createDocumentPool,
  type DocumentInput,
  type DocumentPool,
} from '../../../src/extractors/document/documentPool.ts';
import { extractImagesRoutes } from '../../../src/routes/v1/extractImages/index.ts';
import { buildTestApp, tempDir } from '../../helper.ts';

type ManifestEntry = {
  password?: string;
  images?: { type: string; width: number; height: number; enc: string; extracted: { sha256: string }[] }[];
  media?: { name: string; sha256: string; slides_direct?: number[] }[];
};
// Read in the tests: without the corpus each fails, saying where it looked; none is skipped.
const manifest = () => corpusManifest<{ files: Record<string, ManifestEntry> }>().files;
const corpusFile = readCorpus;

/** A multipart body as a browser or curl sends it. */
async function multipartBody(fields: Record<string, Uint8Array | string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value as Uint8Array<ArrayBuffer>]), `${name}.bin`);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** The engine's password-protected fixtures, and their password. */
const FIXTURE_PASSWORD = 'Pässwort-15';
const engineFixture = (name: string) =>
  new Uint8Array(readFileSync(createRequire(import.meta.url).resolve(`document-engine/fixtures/${name}`)));
const bytesOf = (dataUrl: string) => Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');

describe('POST /v1/extract-images', () => {
  let app: FastifyInstance;
  let remove: () => Promise<void>;
  const upload = async (fields: Record<string, Uint8Array | string>) =>
    app.inject({ method: 'POST', url: '/v1/extract-images', ...(await multipartBody(fields)) });

  beforeAll(async () => {
    const dir = await tempDir();
    remove = dir.remove;
    app = await buildTestApp({ dataDir: dir.dir });
  });
  afterAll(async () => {
    await app.close();
    await remove();
  });

  describe('with corpus documents', () => {
    it('should answer a PDF in the API shape, its JPEGs byte-identical to pdfimages -all', async () => {
      const response = await upload({ file: corpusFile('pdf/cmykjpeg.pdf') });
      expect(response.statusCode).toBe(200);
      const body = ExtractImagesResponseSchema.parse(response.json());
      expect(body.kind).toBe('pdf');
      const [expected] = manifest()['pdf/cmykjpeg.pdf']?.images ?? [];
      expect(body.images).toHaveLength(1);
      const [image] = body.images;
      expect(image).toMatchObject({
        pageNumber: 1,
        pageNumbers: [1],
        width: expected?.width,
        height: expected?.height,
        format: 'JPEG',
        mimeType: 'image/jpeg',
      });
      expect(image?.url.startsWith('data:image/jpeg;base64,')).toBe(true);
      const bytes = bytesOf(image?.url ?? '');
      expect(image?.size).toBe(bytes.length);
      expect(sha256(bytes)).toBe(expected?.extracted[0]?.sha256);
    });

    it('should not gzip its answer (base64 of compressed images): gzip cost the event loop seconds under load', async () => {
      const body = await multipartBody({ file: corpusFile('pdf/pdfjs_wikipedia.pdf') });
      const response = await app.inject({
        method: 'POST',
        url: '/v1/extract-images',
        payload: body.payload,
        headers: { ...body.headers, 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body.length).toBeGreaterThan(10_000);
      expect(response.headers['content-encoding']).toBeUndefined();
    });

    it('should list each image of a many-image PDF once, with pdfimages’ dimensions', async () => {
      const entry = manifest()['pdf/pdfjs_wikipedia.pdf'];
      const response = await upload({ file: corpusFile('pdf/pdfjs_wikipedia.pdf') });
      expect(response.statusCode).toBe(200);
      const body = response.json<ExtractImagesResponse>();
      const listed = (entry?.images ?? []).filter((row) => row.type === 'image').map((r) => `${r.width}x${r.height}`);
      expect(body.images.map((i) => `${i.width}x${i.height}`).sort()).toEqual([...new Set(listed)].sort());
      expect(new Set(body.images.map((i) => i.name)).size).toBe(body.images.length);
    });

    it('should give a presentation’s images with their slide numbers, bytes as in the ZIP', async () => {
      const response = await upload({ file: corpusFile('pptx/shp-picture.pptx') });
      expect(response.statusCode).toBe(200);
      const body = response.json<ExtractImagesResponse>();
      expect(body.kind).toBe('pptx');
      const media = manifest()['pptx/shp-picture.pptx']?.media ?? [];
      const bySha = new Map(media.map((m) => [m.sha256, m]));
      // each picture is shown whole and cropped (a:srcRect): the crop's view is a PNG, its original the media
      expect(body.images).toHaveLength(media.length * 2);
      expect(body.images.filter((image) => image.viewChanges?.includes('crop'))).toHaveLength(media.length);
      for (const image of body.images) {
        const expected = bySha.get(sha256(bytesOf(image.original?.url ?? image.url)));
        expect(expected, image.name).toBeDefined();
        expect(image.slideNumbers).toEqual(expected?.slides_direct);
        expect(image.slideNumber).toBe(expected?.slides_direct?.[0]);
        expect(image.pageNumber).toBe(expected?.slides_direct?.[0]);
      }
    });

    it('should read Word files, new and legacy', async () => {
      const docx = await upload({ file: corpusFile('docx/having-images.docx') });
      expect(docx.statusCode).toBe(200);
      const docxBody = docx.json<ExtractImagesResponse>();
      expect(docxBody.kind).toBe('docx');
      const media = manifest()['docx/having-images.docx']?.media ?? [];
      expect(docxBody.images.map((i) => sha256(bytesOf(i.url))).sort()).toEqual(media.map((m) => m.sha256).sort());
      expect(docxBody.images.every((i) => i.pageNumber === 1 && i.format === 'PNG')).toBe(true);

      const doc = await upload({ file: corpusFile('doc/two_images.doc') });
      expect(doc.statusCode).toBe(200);
      expect(doc.json<ExtractImagesResponse>()).toMatchObject({ kind: 'doc' });
      expect(doc.json<ExtractImagesResponse>().images.length).toBeGreaterThan(0);
    });

    it('should ask for the password of an encrypted PDF, refuse a wrong one, and open it with the right one', async () => {
      const file = corpusFile('pdf/issue3371.pdf');
      const missing = await upload({ file });
      expect(missing.statusCode).toBe(422);
      expect(missing.json<ExtractImagesError>()).toMatchObject({ success: false, code: 'password-required' });
      expect(missing.json<ExtractImagesError>().message).toMatch(/password field/);

      const wrong = await upload({ file, password: 'not-it' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json<ExtractImagesError>()).toMatchObject({ code: 'wrong-password' });

      // the password may come after the file, as curl -F sends fields in the order given
      const right = await upload({ file, password: manifest()['pdf/issue3371.pdf']?.password ?? '' });
      expect(right.statusCode).toBe(200);
      expect(right.json<ExtractImagesResponse>().images.length).toBeGreaterThan(0);
    });

    it('should open a password-protected DOCX and PPTX with the password, as it does a PDF', async () => {
      // Saved with a password by LibreOffice (document-engine/tests/fixtures/README.md)
      const docx = engineFixture('having-images-standard.docx');
      const missing = await upload({ file: docx });
      expect(missing.statusCode).toBe(422);
      expect(missing.json<ExtractImagesError>()).toMatchObject({ success: false, code: 'password-required' });
      expect(missing.json<ExtractImagesError>().message).toMatch(/password field/);
      const wrong = await upload({ file: docx, password: 'Passwort-15' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json<ExtractImagesError>()).toMatchObject({ code: 'wrong-password' });

      const right = await upload({ password: FIXTURE_PASSWORD, file: docx });
      expect(right.statusCode).toBe(200);
      const body = ExtractImagesResponseSchema.parse(right.json());
      expect(body.kind).toBe('docx');
      const media = manifest()['docx/having-images.docx']?.media ?? [];
      expect(body.images.map((i) => sha256(bytesOf(i.url))).sort()).toEqual(media.map((m) => m.sha256).sort());

      // A password-protected PowerPoint file is named by the package inside, not as the Word file
      // its compound-file wrapper looks like.
      const pptx = await upload({ file: engineFixture('shp-shapes-standard.pptx'), password: FIXTURE_PASSWORD });
      expect(pptx.statusCode).toBe(200);
      const pptxBody = ExtractImagesResponseSchema.parse(pptx.json());
      expect(pptxBody.kind).toBe('pptx');
      const pptxMedia = manifest()['pptx/shp-shapes.pptx']?.media ?? [];
      expect(pptxBody.images.map((i) => sha256(bytesOf(i.url))).sort()).toEqual(pptxMedia.map((m) => m.sha256).sort());
    });

    it('should answer 422 with the engine’s reason for a damaged PDF', async () => {
      const whole = corpusFile('pdf/cmykjpeg.pdf');
      const damaged = Buffer.concat([Buffer.from('%PDF-1.5\n'), whole.subarray(200_000, 201_000)]);
      const response = await upload({ file: damaged });
      expect(response.statusCode).toBe(422);
      const body = ExtractImagesErrorSchema.parse(response.json());
      expect(body.message).toMatch(/damaged|not the kind|catalog|cannot/i);
      expect(body.error).toBe(body.message);
    });
  });

  it('should refuse a file that is no document with 415 and say what to send', async () => {
    const response = await upload({ file: Buffer.from('GIF89a not a document at all, but long enough') });
    expect(response.statusCode).toBe(415);
    expect(response.json<ExtractImagesError>().message).toBe(MESSAGES.documents.notRead);
  });

  it('should refuse a request without the file field, and one that is not multipart', async () => {
    const noFile = await upload({ password: 'x' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json<ExtractImagesError>().message).toMatch(/field file/);

    const wrongField = await upload({ document: Buffer.from('%PDF-1.4') });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json<ExtractImagesError>().message).toMatch(/Unexpected file field "document"/);

    const json = await app.inject({ method: 'POST', url: '/v1/extract-images', payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json<ExtractImagesError>().message).toMatch(/multipart\/form-data/);
  });

  it('should refuse any other file past 50MB and a PDF past 100MB with the catalogue’s words', async () => {
    const zipLike = Buffer.alloc(DOCUMENT_MAX_BYTES.docx + 1);
    zipLike.write('PK\u0003\u0004');
    const office = await upload({ file: zipLike });
    expect(office.statusCode).toBe(413);
    expect(office.json<ExtractImagesError>().message).toBe(
      'File Too Large: Maximum file size is 50MB for any other file.',
    );

    const pdf = Buffer.alloc(DOCUMENT_MAX_BYTES.pdf + 1);
    pdf.write('%PDF-1.7\n');
    const big = await upload({ file: pdf });
    expect(big.statusCode).toBe(413);
    expect(big.json<ExtractImagesError>().message).toBe('File Too Large: Maximum file size is 100MB for a PDF.');
  });

  it('should be listed in the OpenAPI description', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    const spec = response.json<{ paths: Record<string, { post?: { summary?: string } }> }>();
    expect(spec.paths['/v1/extract-images']?.post?.summary).toMatch(/PDF, Word .* PowerPoint/);
  });
});

describe('POST /v1/extract-images uploads and the pool', () => {
  let dir: { dir: string; remove: () => Promise<void> };
  let pool: DocumentPool;
  let app: FastifyInstance;
  /** The same route on the same pool, every upload of these tests read in memory. */
  let inMemory: FastifyInstance;
  /** What the pool was handed, and whether a file it was handed existed then. */
  const handed: Array<'bytes' | 'file on disk' | 'file missing'> = [];
  beforeAll(async () => {
    dir = await tempDir();
    pool = createDocumentPool({ ...documentPoolOptions(loadConfig({})), workers: 1, maxQueue: 1 });
    const watched: DocumentPool = Object.assign(Object.create(pool) as DocumentPool, {
      readAnswer: (input: DocumentInput, options: Parameters<DocumentPool['readAnswer']>[1]) => {
        handed.push(input instanceof Uint8Array ? 'bytes' : existsSync(input.file) ? 'file on disk' : 'file missing');
        return pool.readAnswer(input, options);
      },
    });
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(extractImagesRoutes({ pool: watched, memoryBytes: 64 * 1024, tmpDir: dir.dir }));
    inMemory = Fastify({ logger: false });
    inMemory.setValidatorCompiler(validatorCompiler);
    inMemory.setSerializerCompiler(serializerCompiler);
    await inMemory.register(extractImagesRoutes({ pool }));
  });
  afterAll(async () => {
    await app.close();
    await inMemory.close();
    await pool.close();
    await dir.remove();
  });
  const post = async (file: Uint8Array) =>
    app.inject({ method: 'POST', url: '/v1/extract-images', ...(await multipartBody({ file })) });

  it('should read an upload past its memory share from a temporary file, the same images, the file deleted after', async () => {
    const small = corpusFile('pdf/red_stamp.pdf');
    const large = corpusFile('pdf/cmykjpeg.pdf');
    expect(small.length).toBeLessThan(64 * 1024);
    expect(large.length).toBeGreaterThan(64 * 1024);
    handed.length = 0;
    const fromMemory = await post(small);
    const fromDisk = await post(large);
    expect(handed).toEqual(['bytes', 'file on disk']);
    expect(fromMemory.statusCode).toBe(200);
    expect(fromDisk.statusCode).toBe(200);
    const reference = await inMemory.inject({
      method: 'POST',
      url: '/v1/extract-images',
      ...(await multipartBody({ file: large })),
    });
    expect(sha256(Buffer.from(fromDisk.body))).toBe(sha256(Buffer.from(reference.body)));
    expect(await readdir(dir.dir)).toEqual([]);
  });

  it('should refuse an upload unread with 503 when every place in the pool is taken', async () => {
    const places = [pool.reserve(), pool.reserve()];
    try {
      handed.length = 0;
      const response = await post(corpusFile('pdf/cmykjpeg.pdf'));
      expect(response.statusCode).toBe(503);
      expect(response.json<ExtractImagesError>().message).toMatch(/reading other documents.*try again/);
      expect(handed).toEqual([]);
      expect(await readdir(dir.dir)).toEqual([]);
    } finally {
      for (const place of places) place.release();
    }
    expect((await post(corpusFile('pdf/red_stamp.pdf'))).statusCode).toBe(200);
  });
});

describe('POST /v1/extract-images bounds', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(extractImagesRoutes({ maxAnswerBytes: 10_000 }));
  });
  afterAll(() => app.close());

  it('should refuse to answer more image bytes than its bound, and say where to go instead', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/extract-images',
      ...(await multipartBody({ file: corpusFile('pdf/cmykjpeg.pdf') })),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json<ExtractImagesError>().message).toMatch(
      /more than 10 KB, too much for one answer.*pnpm extract/,
    );
  });
});
