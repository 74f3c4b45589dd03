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

  /** The list, turned on by its switch as a visitor would. */
  const openList = () => {
    fireEvent.click(screen.getByRole('checkbox', { name: m.listSwitch }));
    return screen.getByLabelText('Web page URL') as HTMLTextAreaElement;
  };

  it('says which line is wrong and sends nothing; the field keeps the list', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(<UrlExtractorPage />);
    const field = openList();
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
    const field = openList();
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

  it('takes one address in a one-line URL field; the switch turns it into the list and back, losing neither', () => {
    vi.stubGlobal('fetch', vi.fn());
    render(<UrlExtractorPage />);
    const one = screen.getByLabelText('Web page URL') as HTMLInputElement;
    expect(one.tagName).toBe('INPUT');
    expect(one.type).toBe('url');
    expect(one.required).toBe(true);
    expect(one.placeholder).toBe('https://example.com/page');
    expect(screen.queryByText(m.listHelp(URL_LIST_MAX))).toBeNull();
    const toggle = screen.getByRole('checkbox', { name: m.listSwitch }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);

    fireEvent.change(one, { target: { value: 'https://a.example/' } });
    const list = openList();
    expect(toggle.checked).toBe(true);
    expect(list.tagName).toBe('TEXTAREA');
    expect(list.id).toBe('page-url');
    // The list starts from the address typed, and its help is under it, read with it.
    expect(list.value).toBe('https://a.example/');
    const help = screen.getByText(m.listHelp(URL_LIST_MAX));
    expect(list.getAttribute('aria-describedby')).toBe(help.id);
    fireEvent.change(list, { target: { value: 'https://a.example/\nhttps://b.example/' } });

    fireEvent.click(toggle);
    const back = screen.getByLabelText('Web page URL') as HTMLInputElement;
    expect(back.type).toBe('url');
    expect(back.value).toBe('https://a.example/');
    expect(screen.queryByText(m.listHelp(URL_LIST_MAX))).toBeNull();
    expect(openList().value).toBe('https://a.example/\nhttps://b.example/');
  });

  it('opens the list when a list is pasted into the one-address field', () => {
    vi.stubGlobal('fetch', vi.fn());
    render(<UrlExtractorPage />);
    const one = screen.getByLabelText('Web page URL');
    const pasted = 'https://a.example/\r\n\r\nhttps://b.example/\r\n';
    const notDefault = fireEvent.paste(one, { clipboardData: { getData: () => pasted } });
    expect(notDefault).toBe(false);
    const list = screen.getByLabelText('Web page URL') as HTMLTextAreaElement;
    expect(list.tagName).toBe('TEXTAREA');
    expect(list.value).toBe('https://a.example/\n\nhttps://b.example/');
    expect((screen.getByRole('checkbox', { name: m.listSwitch }) as HTMLInputElement).checked).toBe(true);
    // One address pasted is just pasted.
    cleanup();
    render(<UrlExtractorPage />);
    const again = screen.getByLabelText('Web page URL');
    expect(fireEvent.paste(again, { clipboardData: { getData: () => 'https://a.example/\n' } })).toBe(true);
    expect(screen.getByLabelText('Web page URL').tagName).toBe('INPUT');
  });

  it("leaves what is not an address to the browser's URL check, and sends nothing", () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(<UrlExtractorPage />);
    const one = screen.getByLabelText('Web page URL') as HTMLInputElement;
    const invalid = vi.fn();
    one.addEventListener('invalid', invalid);
    const { raised, unsubscribe } = raisedToasts();
    fireEvent.change(one, { target: { value: 'www.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Extract Images' }));
    unsubscribe();
    expect(one.validity.typeMismatch).toBe(true);
    expect(invalid).toHaveBeenCalledTimes(1);
    expect(raised).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('gives the spec\'s "URL Required" for an empty list too', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(<UrlExtractorPage />);
    const list = openList();
    fireEvent.change(list, { target: { value: ' \n \n' } });
    const { raised, unsubscribe } = raisedToasts();
    fireEvent.click(screen.getByRole('button', { name: 'Extract Images' }));
    unsubscribe();
    expect(raised).toMatchObject([{ kind: 'error', ...m.required }]);
    expect(fetch).not.toHaveBeenCalled();
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
