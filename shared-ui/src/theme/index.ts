export * from './ThemeProvider.tsx';
export * from './theme.ts';
