import ConfigProvider from 'antd/es/config-provider';
import type { ReactNode } from 'react';
import { appTheme } from './theme.ts';

/**
 * The site's theme around antd screens: one ConfigProvider, from the one antd the shell shares.
 * No antd `App` wrapper: nothing calls App.useApp, and it would add message, notification and
 * modal code (25 KB gzip) to every page.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={appTheme}>{children}</ConfigProvider>;
}
