/** Routes of extract-api, relative to the API base (the site's own origin by default). */
export const API_PATHS = {
  health: '/api/health',
  contact: '/api/contact',
  extract: '/api/extract',
  extractWebsite: '/api/extract-website',
  extractWebsiteStream: '/api/extract-website/stream',
  image: '/api/image',
  zip: '/api/zip',
} as const;
