import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type PublishedToast, toasts } from 'browser-services/toast';
import { JOB_PATHS, MESSAGES, URL_LIST_MAX } from 'shared-contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addressLines, parseAddressList } from '../src/pages/addressList.ts';
import UrlExtractorPage from '../src/pages/UrlExtractorPage.tsx';

const m = MESSAGES.url;

describe('a list of addresses', () => {
  it('takes one address a line, blank lines and repeats left out, lines numbered as seen', () => {
    expect(addressLines('  https://a.example/ \n\n https://b.example/x\r\nhttps://a.example/\n')).toEqual([
      { line: 1, text: 'https://a.example/' },
      { line: 3, text: 'https://b.example/x' },
    ]);
    expect(parseAddressList('https://a.example/\nhttps://b.example/x')).toEqual({
      ok: true,
      urls: ['https://a.example/', 'https://b.example/x'],
    });
  });

  it('names the first wrong line, in the words a single address gets', () => {
    expect(parseAddressList('https://a.example/\n\nftp://files.example/x\nnot an address')).toEqual({
      ok: false,
      ...m.lineInvalid(3, 'Please enter a valid http:// or https:// address'),
    });
  });

  it(`refuses more than ${URL_LIST_MAX} addresses, and takes ${URL_LIST_MAX}`, () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => `https://example.org/${i}`).join('\n');
    expect(parseAddressList(list(URL_LIST_MAX + 1))).toEqual({
      ok: false,
      ...m.tooMany(URL_LIST_MAX + 1, URL_LIST_MAX),
    });
    expect(parseAddressList(list(URL_LIST_MAX))).toMatchObject({ ok: true, urls: { length: URL_LIST_MAX } });
  });
});

describe('the URL screen with a list', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const raisedToasts = () => {
    const raised: PublishedToast[] = [];
    const unsubscribe = toasts.subscribe((toast) => raised.push(toast));
    return { raised, unsubscribe };
  };

  it('says which line is wrong and sends nothing; the field keeps the list', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(<UrlExtractorPage />);
    const field = screen.getByLabelText('Web page URL') as HTMLTextAreaElement;
    const { raised, unsubscribe } = raisedToasts();
    fireEvent.change(field, { target: { value: 'https://a.example/\nwww.b.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Extract Images' }));
    await waitFor(() => expect(raised).toHaveLength(1));
    unsubscribe();
    expect(raised[0]).toMatchObject({ kind: 'error', title: m.lineInvalid(2, '').title });
    expect(raised[0]?.description).toMatch(/^Line 2: /);
    expect(fetch).not.toHaveBeenCalled();
    expect(field.value).toBe('https://a.example/\nwww.b.example');
  });

  it('scans a list as one job of start pages only; Enter submits, Shift+Enter does not', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url === JOB_PATHS.websiteJobs) {
        posted.push(JSON.parse(String(init?.body)));
        return Response.json({ error: 'The server is busy.' }, { status: 503 });
      }
      throw new Error(`unexpected ${url}`);
    });
    render(<UrlExtractorPage />);
    const field = screen.getByLabelText('Web page URL');
    fireEvent.change(field, { target: { value: 'https://a.example/\nhttps://b.example/x' } });
    expect(fireEvent.keyDown(field, { key: 'Enter', shiftKey: true })).toBe(true);
    expect(posted).toHaveLength(0);
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      urls: ['https://a.example/', 'https://b.example/x'],
      depth: 0,
      render: false,
      original: true,
      sprites: false,
      originalFormats: false,
    });
  });

  it('asks for the page as the page shows it once "Full-size originals" is turned off', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      posted.push({ url, body: JSON.parse(String(init?.body)) });
      return Response.json({ success: true, images: [], pages: 1 });
    });
    render(<UrlExtractorPage />);
    const option = screen.getByRole('checkbox', { name: MESSAGES.originals.switchLabel });
    expect((option as HTMLInputElement).checked).toBe(true);
    fireEvent.click(option);
    fireEvent.change(screen.getByLabelText('Web page URL'), { target: { value: 'https://a.example/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Extract Images' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ body: { url: 'https://a.example/', render: false, original: false } });
  });

  it('offers cutting CSS sprites only with Render JavaScript, and asks for it then', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      posted.push({ url, body: JSON.parse(String(init?.body)) });
      return Response.json({ success: true, images: [], pages: 1 });
    });
    render(<UrlExtractorPage />);
    const sprites = screen.getByRole('checkbox', { name: MESSAGES.capture.spritesLabel }) as HTMLInputElement;
    expect(sprites.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Render JavaScript' }));
    expect(sprites.disabled).toBe(false);
    fireEvent.click(sprites);
    fireEvent.change(screen.getByLabelText('Web page URL'), { target: { value: 'https://a.example/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Extract Images' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ body: { url: 'https://a.example/', render: true, sprites: true } });
  });
});
