export declare const EMBEDDED_PORT: number;
export declare const DEV_PORTS: {
  shell: number;
  mfe_url_website: number;
  mfe_media: number;
  mfe_documents: number;
  mfe_account: number;
  api: number;
};
export declare const E2E_PORTS: {
  api: number;
  mfe_url_website: number;
  mfe_media: number;
  mfe_documents: number;
  mfe_account: number;
  site: number;
};
