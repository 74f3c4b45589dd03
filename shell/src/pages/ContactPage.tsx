import { toasts } from 'browser-services';
import { useState } from 'react';
import { type ContactMessage, ContactMessageSchema, MESSAGES } from 'shared-contracts';
import { PAGE_HEADINGS, PATHS } from 'shared-contracts/routes';
import { PageHeading, zodRule } from 'shared-ui';
import { Alert, Button, Card, Form, TextArea, TextInput } from 'shared-ui/design-system';
import { sendContactMessage } from '../api/contactClient.ts';

const fields = ContactMessageSchema.shape;

export default function ContactPage() {
  const [form] = Form.useForm<ContactMessage>();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onFinish = async (values: ContactMessage) => {
    setSending(true);
    setSent(false);
    setFailure(null);
    const result = await sendContactMessage(ContactMessageSchema.parse(values));
    setSending(false);
    if (result.success) {
      setSent(true);
      form.resetFields();
      return;
    }
    // The server checks with the same schema; show its field messages where they belong.
    const fieldErrors = Object.entries(result.fieldErrors ?? {});
    if (fieldErrors.length > 0) {
      form.setFields(fieldErrors.map(([name, error]) => ({ name: name as keyof ContactMessage, errors: [error] })));
    }
    setFailure(result.error);
    toasts.error(MESSAGES.contact.failed.title, MESSAGES.contact.failed.description);
  };

  return (
    <>
      <PageHeading {...PAGE_HEADINGS[PATHS.contactUs]} />
      <Card style={{ maxWidth: 640, margin: '0 auto' }}>
        {sent ? <Alert type="success" title={MESSAGES.contact.sent} style={{ marginBottom: 16 }} role="alert" /> : null}
        {failure ? (
          <Alert
            type="error"
            title={MESSAGES.contact.failed.title}
            description={`${MESSAGES.contact.failed.description} (${failure})`}
            style={{ marginBottom: 16 }}
            role="alert"
          />
        ) : null}
        <Form form={form} layout="vertical" onFinish={onFinish} requiredMark disabled={sending} name="contact">
          <Form.Item label="Full Name" name="name" required rules={[zodRule(fields.name)]}>
            <TextInput autoComplete="name" />
          </Form.Item>
          <Form.Item label="Email Address" name="email" required rules={[zodRule(fields.email)]}>
            <TextInput type="email" autoComplete="email" />
          </Form.Item>
          <Form.Item label="Subject" name="subject" required rules={[zodRule(fields.subject)]}>
            <TextInput />
          </Form.Item>
          <Form.Item label="Message" name="message" required rules={[zodRule(fields.message)]}>
            <TextArea rows={6} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={sending} block>
            {sending ? 'Sending…' : 'Send Message'}
          </Button>
        </Form>
      </Card>
    </>
  );
}
