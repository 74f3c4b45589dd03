export * from './formatMegabytes2.ts';
export * from './UploadBox.tsx';
