import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { LoginMethod } from 'shared-contracts';
import type { PageHeadingText } from 'shared-contracts/routes';
import { PageHeading } from 'shared-ui';
import { Card, Form, Tabs, TextInput } from 'shared-ui/design-system';
import { StorageIssueAlert } from '../StorageIssueAlert.tsx';
import { FIELD_RULES } from './fieldRules.ts';

/** The frame of Sign In and Sign Up: heading, the device-storage sentence, Email and Phone tabs (Email first). */
export function AuthCard({
  heading,
  form,
  footer,
}: {
  heading: PageHeadingText;
  form: (method: LoginMethod) => ReactNode;
  footer: ReactNode;
}) {
  return (
    <>
      <PageHeading {...heading} />
      <div style={{ maxWidth: 440, margin: '0 auto 48px' }}>
        <StorageIssueAlert />
        <Card>
          <Tabs
            defaultActiveKey="email"
            centered
            items={[
              { key: 'email', label: 'Email', children: form('email') },
              { key: 'phone', label: 'Phone', children: form('phone') },
            ]}
          />
          <div style={{ textAlign: 'center', marginTop: 8 }}>{footer}</div>
        </Card>
      </div>
    </>
  );
}

/** The placeholder of every phone field: a US-style number. */
export const PHONE_PLACEHOLDER = '(555) 123-4567';

/**
 * The link between Sign In and Sign Up. Underlined: it sits inside a sentence, and colour alone
 * does not tell it apart from the text around it (WCAG 1.4.1, axe's link-in-text-block).
 */
export function AuthSwitchLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} style={{ textDecoration: 'underline' }}>
      {children}
    </Link>
  );
}

/** The email or phone field, the account's identity, the same on Sign In and Sign Up. */
export function IdentityField({ method }: { method: LoginMethod }) {
  return method === 'email' ? (
    <Form.Item label="Email Address" name="email" rules={FIELD_RULES.email}>
      <TextInput type="email" autoComplete="username" placeholder="you@example.com" />
    </Form.Item>
  ) : (
    <Form.Item label="Phone Number" name="phone" rules={FIELD_RULES.phone}>
      <TextInput type="tel" autoComplete="username" placeholder={PHONE_PLACEHOLDER} />
    </Form.Item>
  );
}
