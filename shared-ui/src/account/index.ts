export * from './SaveImageButton.tsx';
export * from './saveImages.ts';
export * from './useAccount.ts';
