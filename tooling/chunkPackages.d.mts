import type { Plugin } from 'vite';
/** The package a module id belongs to (`react-dom`, `antd`, `shared-ui`, the federation plugin's code, the bundler's runtime). */
export declare function packageOfModule(id: string): string;
/** Writes chunk-packages.json: each chunk's bytes by package, for bench/first-load.mjs. */
export declare function chunkPackages(): Plugin;
