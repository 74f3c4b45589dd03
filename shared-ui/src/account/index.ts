export * from './SaveImageButton.tsx';
export * from './useAccount.ts';
