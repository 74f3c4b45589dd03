export declare const CORPUS_DIR: string;
export declare function requireCorpus(): string;
export declare function corpusPath(relative?: string): string;
export declare function readCorpus(relative: string): Uint8Array<ArrayBuffer>;
// biome-ignore lint/suspicious/noExplicitAny: each suite types the manifest's part it reads.
export declare function corpusManifest(): any;
