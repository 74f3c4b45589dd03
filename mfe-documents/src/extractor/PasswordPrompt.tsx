import { useEffect, useState } from 'react';
import { MESSAGES } from 'shared-contracts';
import { Paragraph } from 'shared-ui/design-system';
import { Alert } from 'shared-ui/design-system/alert';
import { Modal } from 'shared-ui/design-system/modal';
import { Password } from 'shared-ui/design-system/password';

export type PasswordPromptProps = {
  open: boolean;
  fileName: string;
  /** The last password tried was wrong. */
  wrong: boolean;
  onSubmit: (password: string) => void;
  onCancel: () => void;
};

/**
 * Asks for an encrypted document's password; it is used on the device only, to open the file.
 * DocumentExtractor loads it lazily, when a file first turns out to be encrypted.
 */
export function PasswordPrompt({ open, fileName, wrong, onSubmit, onCancel }: PasswordPromptProps) {
  const [password, setPassword] = useState('');
  useEffect(() => {
    if (open) setPassword('');
  }, [open]);
  const submit = () => onSubmit(password);
  return (
    <Modal
      open={open}
      title={MESSAGES.documents.passwordTitle}
      okText="Open"
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Paragraph>{MESSAGES.documents.passwordPrompt(fileName)}</Paragraph>
      {wrong ? (
        <Alert type="error" showIcon title={MESSAGES.documents.wrongPassword} style={{ marginBottom: 12 }} />
      ) : null}
      <Password
        autoFocus
        aria-label="Password"
        placeholder="Password"
        value={password}
        status={wrong ? 'error' : undefined}
        onChange={(event) => setPassword(event.target.value)}
        onPressEnter={submit}
        autoComplete="off"
      />
    </Modal>
  );
}
