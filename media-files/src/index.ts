// files/: names, sizes, image formats from bytes, the ZIP writer
export * from './files/index.ts';
// video/: display sizes, frame times and names, containers from bytes, video platforms
export * from './video/index.ts';
