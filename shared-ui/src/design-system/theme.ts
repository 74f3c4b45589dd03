import type { ThemeConfig } from 'antd/es/config-provider';

/**
 * The site's one theme. antd components read it from ConfigProvider; the design system's own light
 * components read the same values as CSS custom properties (designSystem.css), checked equal by a test.
 */
export const BRAND_COLOR = '#4f46e5';
export const BORDER_RADIUS = 10;
export const FONT_FAMILY =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";
// Secondary text (subtitles, step descriptions): antd's 45% black is 3.3:1 on the page background;
// 65% is 6.8:1 (WCAG AA asks 4.5:1).
export const SECONDARY_TEXT_COLOR = 'rgba(0, 0, 0, 0.65)';

export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLOR,
    borderRadius: BORDER_RADIUS,
    fontFamily: FONT_FAMILY,
    colorTextDescription: SECONDARY_TEXT_COLOR,
  },
};
