import ConfigProvider from 'antd/es/config-provider';
import type { ReactNode } from 'react';
import { LoadingOutlined } from './icons.ts';
import { appTheme } from './theme.ts';

// antd's own spinner in a busy button is named "loading" and would be read before the button's
// words; the design system's is hidden like every icon inside a labelled control.
const BUTTON_CONFIG = { loadingIcon: <LoadingOutlined /> };

/**
 * The site's theme around antd screens: one ConfigProvider, from the one antd the shell shares.
 * No antd `App` wrapper: nothing calls App.useApp, and it would add message, notification and
 * modal code (25 KB gzip) to every page.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={appTheme} button={BUTTON_CONFIG}>
      {children}
    </ConfigProvider>
  );
}
