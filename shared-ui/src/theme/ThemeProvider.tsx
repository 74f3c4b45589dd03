import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { appTheme } from './theme.ts';

/** Wraps antd screens in the site's theme. Remotes' standalone harnesses use it too. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={appTheme}>
      <AntApp component={false}>{children}</AntApp>
    </ConfigProvider>
  );
}
