export * from './downloadChoices.ts';
export * from './extractedImage.ts';
export * from './manifest.ts';
