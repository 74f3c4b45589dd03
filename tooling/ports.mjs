// Every port the project uses, in one place: dev servers, the e2e composition and the embedded default.
// Each remote has its own port so that it is served (and could be deployed) on its own.

/** `npm start`: extract-api serves the API, the shell and every remote on one port. */
export const EMBEDDED_PORT = 8080;

export const DEV_PORTS = {
  shell: 5170,
  mfe_url_website: 5171,
  mfe_media: 5172,
  mfe_documents: 5173,
  mfe_account: 5174,
  api: 8787,
};

/** Production builds as Playwright drives them: the shell is served by extract-api, remotes by `vite preview`. */
export const E2E_PORTS = {
  api: 4300,
  mfe_url_website: 4301,
  mfe_media: 4302,
  mfe_documents: 4303,
  mfe_account: 4304,
  /** The loopback fixture site the URL and Website extractors are pointed at (e2e/sites/serve.mjs). */
  site: 4320,
};
