export declare const CORPUS_DIR: string;
export declare function requireCorpus(): string;
export declare function corpusPath(relative?: string): string;
export declare function readCorpus(relative: string): Uint8Array<ArrayBuffer>;
/** manifest.json, parsed; each suite names the part it reads (`corpusManifest<{ files: … }>()`). */
// biome-ignore lint/suspicious/noExplicitAny: each suite types the manifest's part it reads.
export declare function corpusManifest<Manifest = any>(): Manifest;
