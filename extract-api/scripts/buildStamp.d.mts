export declare const BUILD_STAMP: string;
export declare const BUILD_SETTINGS: string[];
/** Why dist/ must be built again (a sentence), or undefined when it is up to date. */
export declare function staleReason(dir?: string): string | undefined;
