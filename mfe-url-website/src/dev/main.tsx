import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { PATHS } from 'shared-contracts';
import { ThemeProvider } from 'shared-ui/design-system';
import UrlExtractorPage from '../pages/UrlExtractorPage.tsx';
import WebsiteExtractorPage from '../pages/WebsiteExtractorPage.tsx';

// Standalone harness: this remote's pages without the shell, for working on them in isolation.
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <BrowserRouter>
      <ThemeProvider>
        <nav style={{ display: 'flex', gap: 16, padding: 16 }}>
          <Link to={PATHS.urlExtractor}>URL extractor</Link>
          <Link to={PATHS.websiteExtractor}>Website extractor</Link>
        </nav>
        <main style={{ maxWidth: 1160, margin: '0 auto', padding: 16 }}>
          <Routes>
            <Route path={PATHS.urlExtractor} element={<UrlExtractorPage />} />
            <Route path={PATHS.websiteExtractor} element={<WebsiteExtractorPage />} />
            <Route path="*" element={<UrlExtractorPage />} />
          </Routes>
        </main>
      </ThemeProvider>
    </BrowserRouter>
  </StrictMode>,
);
