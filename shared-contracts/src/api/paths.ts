/** Routes of extract-api, relative to the API base (the site's own origin by default). */
export const API_PATHS = {
  health: '/api/health',
  contact: '/api/contact',
} as const;
