export declare const CHROMIUM_PATH: string;
export declare const HEADLESS_CHROMIUM_ARGS: readonly string[];
export declare const CHROMIUM_ARGS: readonly string[];
export declare const RENDER_USER: string;
