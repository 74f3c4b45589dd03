import { accountStore } from 'browser-services';
import { toasts } from 'browser-services/toast';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LoginMethod } from 'shared-contracts';
import { PAGE_HEADINGS, PATHS } from 'shared-contracts/routes';
import { Button, Form, PasswordInput } from 'shared-ui/design-system';
import { loadAccountMessages } from '../account/accountMessages.ts';
import { AuthCard, AuthSwitchLink, IdentityField } from '../auth/AuthCard.tsx';
import { FIELD_RULES } from '../auth/fieldRules.ts';

type Fields = { email?: string; phone?: string; password: string };

function SignInForm({ method }: { method: LoginMethod }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const submit = async ({ email = '', phone = '', password }: Fields) => {
    setBusy(true);
    const [result, m] = await Promise.all([
      accountStore.logIn(method === 'email' ? { method, email, password } : { method, phone, password }),
      loadAccountMessages(),
    ]);
    setBusy(false);
    if (result.ok) {
      if (m) toasts.success(m.welcomeBack.title, m.welcomeBack.description);
      navigate(PATHS.profile);
      return;
    }
    if (!m) return;
    if (result.code === 'invalid-credentials' || result.code === 'invalid-input') {
      toasts.error(m.signInFailed.title, method === 'email' ? m.signInFailed.email : m.signInFailed.phone);
    } else {
      toasts.error(m.signInFailed.title, m.signInFailed.storage);
    }
  };

  return (
    <Form<Fields> layout="vertical" onFinish={submit} requiredMark={false} name={`sign-in-${method}`}>
      <IdentityField method={method} />
      <Form.Item label="Password" name="password" rules={FIELD_RULES.signInPassword}>
        <PasswordInput autoComplete="current-password" placeholder="Your password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        Sign In
      </Button>
    </Form>
  );
}

export default function SignInPage() {
  return (
    <AuthCard
      heading={PAGE_HEADINGS[PATHS.signIn]}
      form={(method) => <SignInForm method={method} />}
      footer={
        <>
          Don't have an account? <AuthSwitchLink to={PATHS.signUp}>Sign Up</AuthSwitchLink>
        </>
      }
    />
  );
}
