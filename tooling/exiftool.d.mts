export declare const PHOTO_TAGS: readonly string[];
export declare const ORIENTATION_TAG: string;
export declare function writeTags(file: string, tags?: readonly string[]): void;
