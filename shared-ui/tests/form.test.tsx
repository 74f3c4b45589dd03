import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { Input } from '../src/design-system/antd/input.ts';
import { Password } from '../src/design-system/antd/password.ts';
import { TextArea } from '../src/design-system/antd/text-area.ts';
import { Form, type FormInstance, FormItem, NumberInput } from '../src/design-system/index.ts';
import { zodRule } from '../src/forms/zodRule.ts';

const NAME = 'Please enter your name';
const EMAIL = 'Please enter a valid email address';
const MESSAGE = 'Please write at least 10 characters';

type Message = { name: string; email: string; message: string };
const rules = {
  name: [zodRule(z.string().trim().min(1, NAME))],
  email: [zodRule(z.email(EMAIL))],
  message: [zodRule(z.string().trim().min(10, MESSAGE))],
};

/** A contact-like form with the design system's antd inputs. */
function ContactForm({
  onFinish,
  instance,
}: {
  onFinish: (values: Message) => void;
  instance?: FormInstance<Message>;
}) {
  return (
    <Form<Message> form={instance} layout="vertical" onFinish={onFinish} requiredMark name="contact">
      <Form.Item label="Full Name" name="name" required rules={rules.name}>
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item label="Email Address" name="email" required rules={rules.email}>
        <Input type="email" />
      </Form.Item>
      <Form.Item label="Message" name="message" rules={rules.message}>
        <TextArea rows={3} />
      </Form.Item>
      <button type="submit">Send</button>
    </Form>
  );
}

function WithInstance({ onForm }: { onForm: (form: FormInstance<Message>) => void }) {
  const [form] = Form.useForm<Message>();
  onForm(form);
  return <ContactForm instance={form} onFinish={() => {}} />;
}

function Sized({ onFinish, disabled }: { onFinish: (values: { width: number }) => void; disabled: boolean }) {
  return (
    <Form onFinish={onFinish} disabled={disabled}>
      <Form.Item label="Width" name="width">
        <NumberInput value={0} onChange={() => {}} min={1} />
      </Form.Item>
      <button type="submit">Send</button>
    </Form>
  );
}

/** An unnamed item: layout only, the page holds the value. */
function Profile() {
  const [name, setName] = useState('Ada');
  return (
    <Form component="div">
      <Form.Item label="Display Name" htmlFor="profile-name" extra="Shown on your profile.">
        <Input id="profile-name" value={name} onChange={(event) => setName(event.target.value)} />
      </Form.Item>
    </Form>
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send' }));

// The first render of antd's inputs builds their CSS-in-JS styles: slow on a busy machine.
describe("the design system's Form", { timeout: 20_000 }, () => {
  it('refuses invalid values with the schema messages, focuses the first refused control, and does not finish', async () => {
    const onFinish = vi.fn();
    render(<ContactForm onFinish={onFinish} />);
    type('Email Address', 'ada@');
    send();
    expect(await screen.findByText(NAME)).toBeTruthy();
    expect(screen.getByText(EMAIL)).toBeTruthy();
    expect(screen.getByText(MESSAGE)).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();

    const name = screen.getByLabelText('Full Name');
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-required')).toBe('true');
    const error = document.getElementById(name.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe(NAME);
    expect(error?.getAttribute('role')).toBe('alert');
    // antd's own error look, passed as status="error".
    expect(name.closest('.ant-input-status-error, .ant-input-affix-wrapper-status-error')).toBeTruthy();
    expect(screen.getAllByRole('alert')).toHaveLength(3);
  });

  it('clears a message as soon as the visitor fixes the field, and shows it again if they break it', async () => {
    render(<ContactForm onFinish={() => {}} />);
    send();
    expect(await screen.findByText(NAME)).toBeTruthy();
    type('Full Name', 'Ada');
    await waitFor(() => expect(screen.queryByText(NAME)).toBeNull());
    expect(screen.getByLabelText('Full Name').hasAttribute('aria-invalid')).toBe(false);
    type('Full Name', '  ');
    expect(await screen.findByText(NAME)).toBeTruthy();
  });

  it('checks an edited field when it loses focus, not a field only passed through', async () => {
    render(<ContactForm onFinish={() => {}} />);
    fireEvent.blur(screen.getByLabelText('Full Name'));
    type('Email Address', 'ada@');
    fireEvent.blur(screen.getByLabelText('Email Address'));
    expect(await screen.findByText(EMAIL)).toBeTruthy();
    expect(screen.queryByText(NAME)).toBeNull();
  });

  it('finishes with the values when every rule passes', async () => {
    const onFinish = vi.fn();
    render(<ContactForm onFinish={onFinish} />);
    type('Full Name', 'Ada Lovelace');
    type('Email Address', 'ada@example.com');
    type('Message', 'Can the PDF tool read scans?');
    send();
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
    expect(onFinish).toHaveBeenCalledWith({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'Can the PDF tool read scans?',
    });
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });

  it("shows the server's messages with setFields, empties with resetFields, and reads with getFieldsValue", async () => {
    let instance: FormInstance<Message> | undefined;
    render(
      <WithInstance
        onForm={(form) => {
          instance = form;
        }}
      />,
    );
    type('Full Name', 'Ada');
    type('Email Address', 'ada@example.com');
    expect(instance?.getFieldsValue()).toEqual({ name: 'Ada', email: 'ada@example.com', message: undefined });

    act(() => instance?.setFields([{ name: 'email', errors: ['This address does not receive mail'] }]));
    expect(screen.getByText('This address does not receive mail')).toBeTruthy();
    expect(screen.getByLabelText('Email Address').getAttribute('aria-invalid')).toBe('true');

    act(() => instance?.resetFields());
    expect(screen.queryByText('This address does not receive mail')).toBeNull();
    expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Email Address') as HTMLInputElement).value).toBe('');
    expect(instance?.getFieldsValue()).toEqual({ name: undefined, email: undefined, message: undefined });
  });

  it('marks required labels only when the form asks for the mark', () => {
    const { rerender } = render(
      <Form requiredMark>
        <Form.Item label="Subject" name="subject" required>
          <input />
        </Form.Item>
      </Form>,
    );
    expect(screen.getByText('Subject').className).toContain('ds-field__label--required');
    rerender(
      <Form requiredMark={false}>
        <Form.Item label="Subject" name="subject" required>
          <input />
        </Form.Item>
      </Form>,
    );
    expect(screen.getByText('Subject').className).not.toContain('ds-field__label--required');
    expect(screen.getByLabelText('Subject').getAttribute('aria-required')).toBe('true');
  });

  it('gives each form its own ids: the name and the field (as antd), or a generated prefix', () => {
    render(
      <>
        <Form name="sign-in-email">
          <Form.Item label="Password" name="password">
            <Password />
          </Form.Item>
        </Form>
        <Form name="sign-in-phone">
          <Form.Item label="Password" name="password">
            <Password />
          </Form.Item>
        </Form>
        <Form>
          <FormItem label="Password" name="password">
            <input />
          </FormItem>
        </Form>
        <Form>
          <FormItem label="Password" name="password">
            <input />
          </FormItem>
        </Form>
      </>,
    );
    const ids = screen.getAllByLabelText('Password').map((control) => control.id);
    expect(ids.slice(0, 2)).toEqual(['sign-in-email_password', 'sign-in-phone_password']);
    expect(new Set(ids).size).toBe(4);
    for (const control of screen.getAllByLabelText('Password')) expect(control.tagName).toBe('INPUT');
  });

  it('loads a lazy zodRule schema on the first validation', async () => {
    const load = vi.fn(async () => zm.string().check(zm.minLength(6, 'At least 6 characters')));
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <Form.Item label="Password" name="password" rules={[zodRule(load)]}>
          <Password />
        </Form.Item>
        <button type="submit">Send</button>
      </Form>,
    );
    expect(load).not.toHaveBeenCalled();
    type('Password', '12345');
    send();
    expect(await screen.findByText('At least 6 characters')).toBeTruthy();
    type('Password', '123456');
    await waitFor(() => expect(screen.queryByText('At least 6 characters')).toBeNull());
    send();
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ password: '123456' }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('takes a plain value from NumberInput, disables its controls and ignores submits while disabled', async () => {
    const onFinish = vi.fn();
    const { rerender } = render(<Sized onFinish={onFinish} disabled={false} />);
    type('Width', '12');
    rerender(<Sized onFinish={onFinish} disabled />);
    expect(screen.getByLabelText('Width').hasAttribute('disabled')).toBe(true);
    send();
    await act(async () => {});
    expect(onFinish).not.toHaveBeenCalled();
    rerender(<Sized onFinish={onFinish} disabled={false} />);
    send();
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ width: 12 }));
  });

  it('lays out unnamed items: the label names the control by htmlFor, extra describes it', () => {
    const { container } = render(<Profile />);
    expect(container.querySelector('form')).toBeNull();
    const control = screen.getByLabelText('Display Name') as HTMLInputElement;
    expect(control.value).toBe('Ada');
    expect(document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Shown on your profile.',
    );
    fireEvent.change(control, { target: { value: 'Ada King' } });
    expect(control.value).toBe('Ada King');
  });

  it('submits on Enter, with noValidate on the form', async () => {
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <Form.Item label="Subject" name="subject" rules={[zodRule(z.string().min(1, 'Please enter a subject'))]}>
          <input />
        </Form.Item>
      </Form>,
    );
    const form = screen.getByLabelText('Subject').closest('form');
    expect(form?.noValidate).toBe(true);
    fireEvent.submit(form as HTMLFormElement);
    expect(await screen.findByText('Please enter a subject')).toBeTruthy();
    // A native control takes the error look from its item.
    expect(screen.getByLabelText('Subject').hasAttribute('status')).toBe(false);
    expect(screen.getByLabelText('Subject').closest('.ds-form-item--invalid')).toBeTruthy();
  });
});
