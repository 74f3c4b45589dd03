import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { PATHS } from 'shared-contracts';
import { ThemeProvider } from 'shared-ui/design-system';
import ProfilePage from '../pages/ProfilePage.tsx';
import SignInPage from '../pages/SignInPage.tsx';
import SignUpPage from '../pages/SignUpPage.tsx';

// Standalone harness: this remote's pages without the shell, for working on them in isolation.
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <BrowserRouter>
      <ThemeProvider>
        <nav style={{ display: 'flex', gap: 16, padding: 16 }}>
          <Link to={PATHS.signIn}>Sign in</Link>
          <Link to={PATHS.signUp}>Sign up</Link>
          <Link to={PATHS.profile}>My Downloads</Link>
        </nav>
        <main style={{ maxWidth: 1160, margin: '0 auto', padding: 16 }}>
          <Routes>
            <Route path={PATHS.signIn} element={<SignInPage />} />
            <Route path={PATHS.signUp} element={<SignUpPage />} />
            <Route path={PATHS.profile} element={<ProfilePage />} />
            <Route path="*" element={<SignInPage />} />
          </Routes>
        </main>
      </ThemeProvider>
    </BrowserRouter>
  </StrictMode>,
);
