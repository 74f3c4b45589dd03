// The panel is not exported: DetailsButton loads it with the click.
export * from './DetailsButton.tsx';
export type { ImageMetadata } from './readMetadata.ts';
