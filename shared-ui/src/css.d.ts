// Components import their own stylesheet; the apps' bundler (Vite) handles it.
declare module '*.css';
