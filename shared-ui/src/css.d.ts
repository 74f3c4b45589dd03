// Components import their own stylesheet; the apps' bundler (Vite) handles it.
declare module '*.css';
// A Worker script's address (Vite's `?worker&url`), started with browser-services' startModuleWorker.
declare module '*?worker&url' {
  const url: string;
  export default url;
}
