export * from './ThemeFrame.tsx';
