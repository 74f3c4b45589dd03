/** Routes of extract-api, relative to the API base (the site's own origin by default). */
export const API_PATHS = {
  health: '/api/health',
  contact: '/api/contact',
  extract: '/api/extract',
  extractWebsite: '/api/extract-website',
  extractWebsiteStream: '/api/extract-website/stream',
  image: '/api/image',
  zip: '/api/zip',
  /** A remote video file streamed through the server (GET and HEAD, Range passed on). */
  videoSource: '/api/video/source',
  /** Frames of a video the browser cannot decode, made by ffmpeg (NDJSON or ZIP). */
  videoFrames: '/api/video/frames',
  /** An EMF or WMF picture (the request body) drawn to PNG by Inkscape, for a preview the browser cannot draw. */
  metafilePreview: '/api/metafile-preview',
  /** A figure's one-page vector PDF (the request body) drawn as SVG by Inkscape. */
  figureSvg: '/api/figure-svg',
  /** The document service (the PDF call shape, for every document kind). */
  extractImages: '/v1/extract-images',
} as const;
