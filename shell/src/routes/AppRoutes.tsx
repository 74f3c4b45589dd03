import { type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { PATHS, REDIRECTS } from 'shared-contracts/routes';
import { REMOTE_ROUTES, RemoteOutlet } from '../federation/index.ts';
import { PageSkeleton } from '../layout/PageSkeleton.tsx';
import { LandingPage } from '../pages/LandingPage.tsx';
import { ContactPage, FaqPage, PrivacyPolicyPage, TermsOfServicePage, ToolsPage } from './lazyPages.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { RootLayout } from './RootLayout.tsx';

function PageLoading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSkeleton />}>{children}</Suspense>;
}

/**
 * The site's route table (shared-contracts `PATHS`, `REDIRECTS`). Its redirects are replacements (no history entry). Most redirect
 * paths end in a slash, which React Router would fold into the route without it, so they are
 * matched first, exactly.
 */
export function AppRoutes() {
  const { pathname, search, hash } = useLocation();
  const redirect = REDIRECTS[pathname];
  if (redirect) return <Navigate to={`${redirect}${search}${hash}`} replace />;
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<LandingPage />} />
        <Route
          path={PATHS.tools}
          element={
            <PageLoading>
              <ToolsPage />
            </PageLoading>
          }
        />
        <Route
          path={PATHS.faq}
          element={
            <PageLoading>
              <FaqPage />
            </PageLoading>
          }
        />
        <Route
          path={PATHS.contactUs}
          element={
            <PageLoading>
              <ContactPage />
            </PageLoading>
          }
        />
        <Route
          path={PATHS.privacyPolicy}
          element={
            <PageLoading>
              <PrivacyPolicyPage />
            </PageLoading>
          }
        />
        <Route
          path={PATHS.termsOfService}
          element={
            <PageLoading>
              <TermsOfServicePage />
            </PageLoading>
          }
        />
        {REMOTE_ROUTES.map(({ path, remote, module }) => (
          <Route key={path} path={path} element={<RemoteOutlet remote={remote} module={module} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
