import { accountStore } from 'browser-services';
import { toasts } from 'browser-services/toast';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LoginMethod } from 'shared-contracts';
import { PAGE_HEADINGS, PATHS } from 'shared-contracts/routes';
import { Button, Form, PasswordInput, TextInput } from 'shared-ui/design-system';
import { loadAccountMessages } from '../account/accountMessages.ts';
import { AuthCard, AuthSwitchLink, IdentityField } from '../auth/AuthCard.tsx';
import { FIELD_RULES } from '../auth/fieldRules.ts';

type Fields = { name: string; email?: string; phone?: string; password: string };

function SignUpForm({ method }: { method: LoginMethod }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const submit = async ({ name, email = '', phone = '', password }: Fields) => {
    setBusy(true);
    const [result, m] = await Promise.all([
      accountStore.register(method === 'email' ? { method, name, email, password } : { method, name, phone, password }),
      loadAccountMessages(),
    ]);
    setBusy(false);
    if (result.ok) {
      if (m) toasts.success(m.accountCreated.title, m.accountCreated.description);
      navigate(PATHS.profile);
      return;
    }
    if (!m) return;
    if (result.code === 'email-taken') {
      toasts.error(m.signUpFailed.title, m.signUpFailed.emailTaken);
    } else if (result.code === 'phone-taken') {
      toasts.error(m.signUpFailed.title, m.signUpFailed.phoneTaken);
    } else {
      toasts.error(m.signUpFailed.title, m.signUpFailed.storage);
    }
  };

  return (
    <Form<Fields> layout="vertical" onFinish={submit} requiredMark={false} name={`sign-up-${method}`}>
      <Form.Item label="Full Name" name="name" rules={FIELD_RULES.name}>
        <TextInput autoComplete="name" placeholder="Jane Doe" />
      </Form.Item>
      <IdentityField method={method} />
      <Form.Item label="Password" name="password" rules={FIELD_RULES.newPassword}>
        <PasswordInput autoComplete="new-password" placeholder="At least 6 characters" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        Create Account
      </Button>
    </Form>
  );
}

export default function SignUpPage() {
  return (
    <AuthCard
      heading={PAGE_HEADINGS[PATHS.signUp]}
      form={(method) => <SignUpForm method={method} />}
      footer={
        <>
          Already have an account? <AuthSwitchLink to={PATHS.signIn}>Sign In</AuthSwitchLink>
        </>
      }
    />
  );
}
