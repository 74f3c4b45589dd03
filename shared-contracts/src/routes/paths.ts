import { PRODUCT_SLUG } from '../product.ts';

/** Every route of the site. */
export const PATHS = {
  home: '/',
  tools: '/tools',
  urlExtractor: `/${PRODUCT_SLUG}-url`,
  websiteExtractor: `/${PRODUCT_SLUG}-website`,
  videoExtractor: `/${PRODUCT_SLUG}-video`,
  pdfExtractor: `/${PRODUCT_SLUG}-pdf`,
  docxExtractor: `/${PRODUCT_SLUG}-docx`,
  pptExtractor: `/${PRODUCT_SLUG}-ppt`,
  anyFileExtractor: `/${PRODUCT_SLUG}-any-file`,
  signIn: '/sign-in',
  signUp: '/sign-up',
  profile: '/profile',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  contactUs: '/contact-us',
  faq: '/faq',
} as const;

export type AppPath = (typeof PATHS)[keyof typeof PATHS];

/** In-page sections of the landing page that the header links scroll to. */
export const LANDING_SECTIONS = {
  features: 'features',
  howItWorks: 'how-it-works',
  tools: 'tools',
} as const;

/** Pixels left above a section when the header scrolls to it (the header is fixed). */
export const ANCHOR_SCROLL_OFFSET_PX = 80;

/** The header turns blurred once the page is scrolled further than this. */
export const HEADER_BLUR_THRESHOLD_PX = 10;

/** Old addresses kept working: each redirect replaces the history entry. */
export const REDIRECTS: Readonly<Record<string, AppPath>> = {
  '/tools/': PATHS.tools,
  '/faq/': PATHS.faq,
  '/contact/': PATHS.contactUs,
  '/contact-us/': PATHS.contactUs,
  '/privacy/': PATHS.privacyPolicy,
  '/privacy-policy/': PATHS.privacyPolicy,
  '/terms/': PATHS.termsOfService,
  '/terms-of-service/': PATHS.termsOfService,
  '/login': PATHS.signIn,
  '/login/': PATHS.signIn,
  '/signin/': PATHS.signIn,
  '/sign-in/': PATHS.signIn,
  '/signup/': PATHS.signUp,
  '/sign-up/': PATHS.signUp,
};

/** An address carrying this query parameter is rewritten to `/` without a reload. */
export const NOT_FOUND_QUERY_PARAM = 'notfound';
