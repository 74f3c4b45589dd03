import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { PATHS } from 'shared-contracts';
import { ThemeProvider } from 'shared-ui/design-system';
import VideoExtractorPage from '../pages/VideoExtractorPage.tsx';

// Standalone harness: this remote's page without the shell, for working on it in isolation.
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <BrowserRouter>
      <ThemeProvider>
        <nav style={{ display: 'flex', gap: 16, padding: 16 }}>
          <Link to={PATHS.videoExtractor}>Video extractor</Link>
        </nav>
        <main style={{ maxWidth: 1160, margin: '0 auto', padding: 16 }}>
          <Routes>
            <Route path={PATHS.videoExtractor} element={<VideoExtractorPage />} />
            <Route path="*" element={<VideoExtractorPage />} />
          </Routes>
        </main>
      </ThemeProvider>
    </BrowserRouter>
  </StrictMode>,
);
