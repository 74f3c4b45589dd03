export * from './AccountMenu.tsx';
export * from './EditProfileButton.tsx';
export * from './useSession.ts';
