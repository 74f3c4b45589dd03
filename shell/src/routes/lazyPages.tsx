import { type ComponentType, lazy } from 'react';

/**
 * The shell's own pages beyond `/` load on demand, inside the site's antd theme, so the landing
 * page downloads neither them nor antd.
 */
function themedLazy(load: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
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

export const ToolsPage = themedLazy(() => import('../pages/ToolsPage.tsx'));
export const FaqPage = themedLazy(() => import('../pages/FaqPage.tsx'));
export const ContactPage = themedLazy(() => import('../pages/ContactPage.tsx'));
export const PrivacyPolicyPage = themedLazy(() => import('../pages/PrivacyPolicyPage.tsx'));
export const TermsOfServicePage = themedLazy(() => import('../pages/TermsOfServicePage.tsx'));
