export * from './UploadBox.tsx';
