import { DocumentError, PasswordRequiredError } from 'document-engine';
import { MESSAGES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { BusyError, TimeLimitError } from '../src/admission/index.ts';
import { INTERNAL_FAILURE_MESSAGE, toHttpFailure } from '../src/errors.ts';
import { DocumentLimitError } from '../src/extractors/document/index.ts';
import { RenderFailedError, RenderUnavailableError } from '../src/extractors/render/index.ts';
import { VideoJobError } from '../src/extractors/video/index.ts';
import { ExtractionError, RetryLaterError } from '../src/extractors/web/index.ts';
import { SAFE_FETCH_ERROR_MESSAGES, SafeFetchError } from '../src/services/safeFetch/index.ts';

describe('toHttpFailure: the one error tree', () => {
  it('gives each fetch failure its status and the fetch’s own sentence', () => {
    const statuses = {
      'bad-url': 400,
      'bad-scheme': 400,
      'blocked-address': 400,
      'too-large': 413,
      timeout: 504,
      'http-status': 502,
      network: 502,
      'too-many-redirects': 502,
      aborted: 499,
    } as const;
    for (const [code, status] of Object.entries(statuses) as [keyof typeof statuses, number][]) {
      expect(toHttpFailure(new SafeFetchError(code, { status: 404 })), code).toEqual({
        status,
        message: SAFE_FETCH_ERROR_MESSAGES[code],
      });
    }
  });

  it('names a site’s HTTP status only for the one file a visitor asked for', () => {
    const error = new SafeFetchError('http-status', { status: 404 });
    expect(toHttpFailure(error, { fetched: 'image' })).toEqual({
      status: 502,
      message: 'The image’s server answered with HTTP 404, so it could not be fetched.',
    });
    expect(toHttpFailure(new SafeFetchError('timeout'), { fetched: 'image' }).message).toBe(
      SAFE_FETCH_ERROR_MESSAGES.timeout,
    );
  });

  it('maps pages, renders, queues and time limits', () => {
    expect(toHttpFailure(new ExtractionError('not-a-page', 'Not a page.'))).toEqual({
      status: 422,
      message: 'Not a page.',
    });
    expect(toHttpFailure(new RenderUnavailableError('chromium-missing')).status).toBe(503);
    expect(toHttpFailure(new RenderFailedError('timeout', { message: 'Too slow.' }))).toEqual({
      status: 502,
      message: 'Too slow.',
    });
    expect(toHttpFailure(new BusyError(MESSAGES.website.busy))).toEqual({
      status: 503,
      message: MESSAGES.website.busy,
    });
    expect(toHttpFailure(new TimeLimitError('Stopped.', 1000, 'video'))).toEqual({ status: 504, message: 'Stopped.' });
  });

  it('maps documents by their code, and words the password the caller’s way', () => {
    expect(toHttpFailure(new DocumentError('unsupported', 'Not a document.'))).toEqual({
      status: 415,
      message: 'Not a document.',
      code: 'unsupported',
    });
    expect(toHttpFailure(new DocumentError('invalid', 'Broken.'))).toMatchObject({ status: 422, code: 'invalid' });
    expect(toHttpFailure(new DocumentError('aborted', 'Gone.')).status).toBe(499);
    expect(
      toHttpFailure(new PasswordRequiredError('wrong-password'), { givePassword: 'Give it with --password.' }),
    ).toEqual({
      status: 422,
      message: 'That password is not right for this document. Give it with --password.',
      code: 'wrong-password',
    });
    expect(toHttpFailure(new PasswordRequiredError()).message).toBe(
      'This document is protected by a password. Send it again with the password in the password field.',
    );
    expect(toHttpFailure(DocumentLimitError.busy())).toEqual({
      status: 503,
      message: MESSAGES.documents.serverBusy,
    });
  });

  it('maps video jobs by their code', () => {
    expect(toHttpFailure(VideoJobError.ffmpegMissing()).status).toBe(503);
    expect(toHttpFailure(VideoJobError.notVideoFile()).status).toBe(415);
    expect(toHttpFailure(VideoJobError.tooLong())).toEqual({ status: 413, message: MESSAGES.video.tooLong });
    expect(toHttpFailure(new VideoJobError('unreadable', 'No video.')).status).toBe(422);
  });

  it('tells nothing of a bug, nor of a retry that escaped the crawler', () => {
    for (const error of [new TypeError('x is undefined'), new RetryLaterError(429, undefined), 'a string']) {
      expect(toHttpFailure(error)).toEqual({ status: 500, message: INTERNAL_FAILURE_MESSAGE });
    }
  });
});
