import { type ComponentType, lazy } from 'react';
import { afterFirstPaint } from '../layout/afterFirstPaint.ts';

/**
 * The shell's own pages beyond `/` load on demand, after the first frame, so the landing page
 * downloads none of them. They are drawn with the design system's light components alone and load
 * no antd at all.
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
    await afterFirstPaint();
    return load();
  });
}

export const ToolsPage = lazyPage(() => import('../pages/ToolsPage.tsx'));
export const FaqPage = lazyPage(() => import('../pages/FaqPage.tsx'));
export const ContactPage = lazyPage(() => import('../pages/ContactPage.tsx'));
export const PrivacyPolicyPage = lazyPage(() => import('../pages/PrivacyPolicyPage.tsx'));
export const TermsOfServicePage = lazyPage(() => import('../pages/TermsOfServicePage.tsx'));
