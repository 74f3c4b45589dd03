import type { RemoteName } from 'shared-contracts/remotes';
import { PATHS } from 'shared-contracts/routes';

/**
 * Which remote serves which route, and through which exposed module. The shell knows this without
 * loading anything, so a remote is downloaded only when its route is visited.
 */
export type RemoteRoute = { path: string; remote: RemoteName; module: string };

export const REMOTE_ROUTES: readonly RemoteRoute[] = [
  { path: PATHS.urlExtractor, remote: 'mfe_url_website', module: './UrlExtractorPage' },
  { path: PATHS.websiteExtractor, remote: 'mfe_url_website', module: './WebsiteExtractorPage' },
  { path: PATHS.videoExtractor, remote: 'mfe_media', module: './VideoExtractorPage' },
  { path: PATHS.pdfExtractor, remote: 'mfe_documents', module: './PdfExtractorPage' },
  { path: PATHS.docxExtractor, remote: 'mfe_documents', module: './DocxExtractorPage' },
  { path: PATHS.pptExtractor, remote: 'mfe_documents', module: './PptExtractorPage' },
  { path: PATHS.anyFileExtractor, remote: 'mfe_documents', module: './AnyFileExtractorPage' },
  { path: PATHS.signIn, remote: 'mfe_account', module: './SignInPage' },
  { path: PATHS.signUp, remote: 'mfe_account', module: './SignUpPage' },
  { path: PATHS.profile, remote: 'mfe_account', module: './ProfilePage' },
];
