export declare const jsdomTest: { environment: 'jsdom'; globals: true; setupFiles: string[] };
