import type { ThemeConfig } from 'antd';

/** The site's one antd theme. The shell applies it around every remote, so all screens look alike. */
export const BRAND_COLOR = '#4f46e5';

export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLOR,
    borderRadius: 10,
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    // Secondary text (subtitles, step descriptions): antd's 45% black is 3.3:1 on the page
    // background; 65% is 6.8:1 (WCAG AA asks 4.5:1).
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
  },
  components: {
    // A link inside running text must not differ by colour alone (WCAG 1.4.1).
    Typography: { linkDecoration: 'underline' },
  },
};
