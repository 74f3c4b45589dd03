import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from 'shared-contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ContactPage from '../src/pages/ContactPage.tsx';

const m = MESSAGES.contact;
const message = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Scans', message: 'Can it read scans?' };

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const fill = (values: typeof message) => {
  fireEvent.change(field('Full Name'), { target: { value: values.name } });
  fireEvent.change(field('Email Address'), { target: { value: values.email } });
  fireEvent.change(field('Subject'), { target: { value: values.subject } });
  fireEvent.change(field('Message'), { target: { value: values.message } });
};
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
const answer = (body: unknown, status = 200) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );

afterEach(() => vi.unstubAllGlobals());

// The first render builds antd's CSS-in-JS styles: slow on a busy machine.
describe('the contact page', { timeout: 20_000 }, () => {
  it('asks for each of the four fields, marks them required, and sends nothing', async () => {
    answer({ success: true, id: '1' });
    render(<ContactPage />);
    send();
    for (const text of [m.nameRequired, m.emailRequired, m.subjectRequired, m.messageRequired]) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(document.activeElement).toBe(field('Full Name'));
    expect(field('Subject').getAttribute('aria-required')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends a complete message, confirms it and empties the form', async () => {
    answer({ success: true, id: '1' });
    render(<ContactPage />);
    fill(message);
    send();
    expect(await screen.findByText(m.sent)).toBeTruthy();
    expect(JSON.parse(String(vi.mocked(fetch).mock.calls[0]?.[1]?.body))).toEqual(message);
    expect(field('Subject').value).toBe('');
    expect(field('Full Name').disabled).toBe(false);
  });

  it("shows the server's field messages under their fields and keeps what was typed", async () => {
    answer({ success: false, error: 'Invalid request', fieldErrors: { email: m.invalidEmail } }, 400);
    render(<ContactPage />);
    fill(message);
    send();
    expect(await screen.findByText(m.invalidEmail)).toBeTruthy();
    expect(field('Email Address').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(`${m.failed.description} (Invalid request)`)).toBeTruthy();
    expect(field('Subject').value).toBe(message.subject);
    // Fixing the field clears the server's message.
    fireEvent.change(field('Email Address'), { target: { value: 'ada@example.org' } });
    await waitFor(() => expect(screen.queryByText(m.invalidEmail)).toBeNull());
  });
});
