import { accountStore, type EditProfileDialogProps, initialOf } from 'browser-services';
import { toasts } from 'browser-services/toast';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { MESSAGES } from 'shared-contracts/messages';
import { useAccount } from 'shared-ui';
import { CameraOutlined, Form } from 'shared-ui/design-system';
import { Avatar } from 'shared-ui/design-system/avatar';
import { Button } from 'shared-ui/design-system/button';
import { Divider } from 'shared-ui/design-system/divider';
import { Input } from 'shared-ui/design-system/input';
import { Modal } from 'shared-ui/design-system/modal';
import { Password } from 'shared-ui/design-system/password';
import { Space } from 'shared-ui/design-system/space';
import { useAccountReady } from '../account/useAccountReady.ts';
import { resizePhoto } from './resizePhoto.ts';

const m = MESSAGES.account;

const EMPTY_PASSWORDS = { current: '', next: '', confirm: '' };

/** What the account signs in with, shown read-only: whichever of the two it has. */
const SIGN_IN_FIELDS = [
  { key: 'email', label: 'Email Address' },
  { key: 'phone', label: 'Phone Number' },
] as const;

/** The password change's fields, in the order a visitor fills them. */
const PASSWORD_FIELDS = [
  { field: 'current', label: 'Current Password', id: 'edit-profile-current', autoComplete: 'current-password' },
  { field: 'next', label: 'New Password', id: 'edit-profile-new', autoComplete: 'new-password' },
  { field: 'confirm', label: 'Confirm New Password', id: 'edit-profile-confirm', autoComplete: 'new-password' },
] as const;

/**
 * Edit Profile: photo, display name, the email or phone the account signs in
 * with (shown, not edited: it is the account's identity on this device), and a password change.
 * The shell loads it from this remote only when the header's button is pressed.
 */
export default function EditProfileDialog({ open, onClose }: EditProfileDialogProps) {
  const account = useAccount();
  const accountKnown = account !== null;
  // The store answers "no account" until it has checked the stored one: only then is no account news.
  const ready = useAccountReady();
  const [name, setName] = useState('');
  const [photo, setPhoto] = useState<string | undefined>();
  const [passwords, setPasswords] = useState(EMPTY_PASSWORDS);
  const [changingPassword, setChangingPassword] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  // Each opening starts from the stored profile (shown once the store has read it).
  useEffect(() => {
    if (!open || !accountKnown) return;
    setName(accountStore.currentAccount()?.name ?? '');
    setPhoto(undefined);
    setPasswords(EMPTY_PASSWORDS);
  }, [open, accountKnown]);

  // Signed out (here or in another tab) while open: nothing left to edit.
  useEffect(() => {
    if (open && ready && !account) onClose();
  }, [open, ready, account, onClose]);

  if (!account) return null;

  const choosePhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      setPhoto(await resizePhoto(file));
    } catch {
      toasts.error(m.photoUnreadable.title, m.photoUnreadable.description);
    }
  };

  const saveProfile = async () => {
    const result = await accountStore.updateProfile({ name, profilePic: photo });
    if (result.ok) {
      toasts.success(m.profileUpdated.title, m.profileUpdated.description);
      onClose();
    }
  };

  const updatePassword = async () => {
    if (passwords.next !== passwords.confirm) {
      toasts.error(m.passwordMismatch.title, m.passwordMismatch.description);
      return;
    }
    if (passwords.next.length < 6) {
      toasts.error(m.newPasswordTooShort.title, m.newPasswordTooShort.description);
      return;
    }
    setChangingPassword(true);
    const result = await accountStore.changePassword(passwords.current, passwords.next);
    setChangingPassword(false);
    if (result.ok) {
      toasts.success(m.passwordUpdated.title, m.passwordUpdated.description);
      setPasswords(EMPTY_PASSWORDS);
    } else if (result.code === 'wrong-password') {
      toasts.error(m.invalidPassword.title, m.invalidPassword.description);
    }
  };

  const shownPhoto = photo ?? account.profilePic;
  const allPasswordsFilled = Boolean(passwords.current && passwords.next && passwords.confirm);
  const setPassword = (field: keyof typeof EMPTY_PASSWORDS) => (event: ChangeEvent<HTMLInputElement>) =>
    setPasswords((current) => ({ ...current, [field]: event.target.value }));

  return (
    <Modal open={open} title="Edit Profile" onCancel={onClose} footer={null} destroyOnHidden>
      <Space orientation="vertical" align="center" style={{ width: '100%', margin: '8px 0 16px' }}>
        <Avatar size={88} src={shownPhoto} alt={shownPhoto ? 'Your photo' : undefined}>
          {initialOf(name || account.name)}
        </Avatar>
        <Button icon={<CameraOutlined />} onClick={() => fileInput.current?.click()}>
          Change Photo
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          aria-label="Profile photo file"
          onChange={choosePhoto}
        />
      </Space>
      <Form layout="vertical" component="div">
        <Form.Item label="Display Name" htmlFor="edit-profile-name">
          <Input id="edit-profile-name" value={name} onChange={(event) => setName(event.target.value)} />
        </Form.Item>
        {SIGN_IN_FIELDS.map(({ key, label }) => {
          const value = account[key];
          return value ? (
            <Form.Item
              key={key}
              label={label}
              htmlFor={`edit-profile-${key}`}
              extra="You sign in with it; it cannot be changed."
            >
              <Input id={`edit-profile-${key}`} value={value} readOnly />
            </Form.Item>
          ) : null;
        })}
        <Divider titlePlacement="start">Change Password</Divider>
        {PASSWORD_FIELDS.map(({ field, label, id, autoComplete }) => (
          <Form.Item key={field} label={label} htmlFor={id}>
            <Password id={id} autoComplete={autoComplete} value={passwords[field]} onChange={setPassword(field)} />
          </Form.Item>
        ))}
        <Button block disabled={!allPasswordsFilled} loading={changingPassword} onClick={updatePassword}>
          Update Password
        </Button>
        <Divider />
        <Button type="primary" block disabled={!name.trim()} onClick={saveProfile}>
          Save Changes
        </Button>
      </Form>
    </Modal>
  );
}
