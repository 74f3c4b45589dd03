export * from './downloadChoices.ts';
export * from './extractedImage.ts';
