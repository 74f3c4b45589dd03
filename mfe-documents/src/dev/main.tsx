import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { PATHS } from 'shared-contracts';
import { ThemeProvider } from 'shared-ui/design-system';
import AnyFileExtractorPage from '../pages/AnyFileExtractorPage.tsx';
import DocxExtractorPage from '../pages/DocxExtractorPage.tsx';
import PdfExtractorPage from '../pages/PdfExtractorPage.tsx';
import PptExtractorPage from '../pages/PptExtractorPage.tsx';

// Standalone harness: this remote's pages without the shell, for working on them in isolation.
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <BrowserRouter>
      <ThemeProvider>
        <nav style={{ display: 'flex', gap: 16, padding: 16 }}>
          <Link to={PATHS.pdfExtractor}>PDF extractor</Link>
          <Link to={PATHS.docxExtractor}>Word extractor</Link>
          <Link to={PATHS.pptExtractor}>PowerPoint extractor</Link>
          <Link to={PATHS.anyFileExtractor}>Any file extractor</Link>
        </nav>
        <main style={{ maxWidth: 1160, margin: '0 auto', padding: 16 }}>
          <Routes>
            <Route path={PATHS.pdfExtractor} element={<PdfExtractorPage />} />
            <Route path={PATHS.docxExtractor} element={<DocxExtractorPage />} />
            <Route path={PATHS.pptExtractor} element={<PptExtractorPage />} />
            <Route path={PATHS.anyFileExtractor} element={<AnyFileExtractorPage />} />
            <Route path="*" element={<PdfExtractorPage />} />
          </Routes>
        </main>
      </ThemeProvider>
    </BrowserRouter>
  </StrictMode>,
);
