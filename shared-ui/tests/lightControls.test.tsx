import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Alert, Button, Form, PasswordInput, TextArea, TextInput } from '../src/design-system/index.ts';
import { zodRule } from '../src/forms/zodRule.ts';

const REQUIRED = 'Please fill this in';
const rules = [zodRule(z.string().trim().min(1, REQUIRED))];

describe('Button', () => {
  it('is a plain button unless told to submit, and submits its form when it is', () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button>Cancel</Button>
        <Button type="primary" htmlType="submit" block>
          Send
        </Button>
      </form>,
    );
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(cancel.getAttribute('type')).toBe('button');
    fireEvent.click(cancel);
    expect(onSubmit).not.toHaveBeenCalled();

    const send = screen.getByRole('button', { name: 'Send' });
    expect(send.getAttribute('type')).toBe('submit');
    expect(send.className).toContain('ds-button--primary');
    expect(send.className).toContain('ds-button--block');
    fireEvent.click(send);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('while loading shows a hidden spinner, says it is busy and takes no click; disabled takes none either', () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <Button type="primary" loading onClick={onClick}>
        Sending…
      </Button>,
    );
    const busy = screen.getByRole('button', { name: 'Sending…' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(busy.querySelector('.ds-spinner')?.getAttribute('aria-hidden')).toBe('true');
    fireEvent.click(busy);
    expect(onClick).not.toHaveBeenCalled();

    rerender(
      <Button type="primary" onClick={onClick}>
        Send
      </Button>,
    );
    const ready = screen.getByRole('button', { name: 'Send' });
    expect(ready.hasAttribute('aria-busy')).toBe(false);
    expect(ready.querySelector('.ds-spinner')).toBeNull();
    fireEvent.click(ready);
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(
      <Button disabled onClick={onClick}>
        Send
      </Button>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('TextInput', () => {
  it('is a text field unless given another kind', () => {
    render(
      <>
        <TextInput aria-label="Name" />
        <TextInput aria-label="Email" type="email" />
        <TextInput aria-label="Phone" type="tel" />
      </>,
    );
    expect(screen.getByLabelText('Name').getAttribute('type')).toBe('text');
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Phone').getAttribute('type')).toBe('tel');
  });
});

describe('PasswordInput', () => {
  it('hides the password until the toggle shows it, and says which state it is in', () => {
    render(<PasswordInput aria-label="Password" defaultValue="s3cret" />);
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    expect(input.type).toBe('password');
    const show = screen.getByRole('button', { name: 'Show password' });
    expect(show.getAttribute('aria-pressed')).toBe('false');
    expect(show.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');

    fireEvent.click(show);
    expect(input.type).toBe('text');
    expect(input.value).toBe('s3cret');
    const hide = screen.getByRole('button', { name: 'Hide password' });
    expect(hide.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(hide);
    expect(input.type).toBe('password');
  });

  it('disables its toggle with the field', () => {
    render(<PasswordInput aria-label="Password" disabled />);
    expect((screen.getByLabelText('Password') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Show password' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Alert', () => {
  it('is an alert by default with its title, description and a hidden icon', () => {
    render(<Alert type="error" title="Message not sent" description="Please try again." />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Message not sent' + 'Please try again.');
    expect(alert.className).toContain('ds-alert--error');
    expect(alert.className).toContain('ds-alert--with-description');
    expect(alert.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it("takes the caller's role, and has no description line without one", () => {
    render(<Alert type="success" title="Message sent!" role="status" />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Message sent!');
    expect(status.className).not.toContain('ds-alert--with-description');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the light controls in the design system Form', () => {
  const cases: [string, ReactElement][] = [
    ['TextInput', <TextInput key="text" type="email" />],
    ['PasswordInput', <PasswordInput key="password" />],
    ['TextArea', <TextArea key="area" rows={3} />],
  ];

  for (const [name, control] of cases) {
    it(`${name}: a refused value shows its message, marks the control invalid and described; a fixed one finishes`, async () => {
      const onFinish = vi.fn();
      render(
        <Form onFinish={onFinish} name="light">
          <Form.Item label="Field" name="field" required rules={rules}>
            {control}
          </Form.Item>
          <Button htmlType="submit">Send</Button>
        </Form>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
      expect(await screen.findByText(REQUIRED)).toBeTruthy();
      expect(onFinish).not.toHaveBeenCalled();

      const field = screen.getByLabelText('Field');
      expect(field.id).toBe('light_field');
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.getAttribute('aria-required')).toBe('true');
      expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(REQUIRED);
      expect(document.activeElement).toBe(field);
      // The red border: the control's own class, not a `status` attribute left on the element.
      expect(field.closest('.ds-input--error')).toBeTruthy();
      expect(field.hasAttribute('status')).toBe(false);

      fireEvent.change(field, { target: { value: 'filled' } });
      await waitFor(() => expect(screen.queryByText(REQUIRED)).toBeNull());
      expect(field.hasAttribute('aria-invalid')).toBe(false);
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
      await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ field: 'filled' }));
    });
  }

  it('a disabled form disables the password field and its toggle', () => {
    render(
      <Form disabled>
        <Form.Item label="Password" name="password">
          <PasswordInput />
        </Form.Item>
      </Form>,
    );
    expect((screen.getByLabelText('Password') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Show password' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
