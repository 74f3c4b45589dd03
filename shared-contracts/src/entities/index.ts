export * from './extractedImage.ts';
