import { type ComponentType, lazy } from 'react';
import { afterFirstPaint } from '../layout/afterFirstPaint.ts';

type PageModule = Promise<{ default: ComponentType }>;

/**
 * The shell's own pages beyond `/` load on demand, after the first frame, so the landing page
 * downloads none of them. A page drawn with antd components loads inside the site's antd theme;
 * the others are drawn with the design system's light components alone and load no antd at all.
 */
function lazyPage(load: () => PageModule, { antd }: { antd: boolean }) {
  return lazy(async () => {
    await afterFirstPaint();
    if (!antd) return load();
    const [{ ThemeFrame }, { default: Page }] = await Promise.all([import('../theme/index.ts'), load()]);
    return {
      default: () => (
        <ThemeFrame>
          <Page />
        </ThemeFrame>
      ),
    };
  });
}

export const ToolsPage = lazyPage(() => import('../pages/ToolsPage.tsx'), { antd: false });
export const FaqPage = lazyPage(() => import('../pages/FaqPage.tsx'), { antd: false });
export const ContactPage = lazyPage(() => import('../pages/ContactPage.tsx'), { antd: false });
export const PrivacyPolicyPage = lazyPage(() => import('../pages/PrivacyPolicyPage.tsx'), { antd: false });
export const TermsOfServicePage = lazyPage(() => import('../pages/TermsOfServicePage.tsx'), { antd: false });
