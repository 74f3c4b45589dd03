import type { ThemeConfig } from 'antd';

/** The site's one antd theme. The shell applies it around every remote, so all screens look alike. */
export const BRAND_COLOR = '#4f46e5';

export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLOR,
    borderRadius: 10,
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
};
