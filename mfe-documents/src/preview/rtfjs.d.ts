// rtf.js ships one UMD bundle per renderer; their types live beside them under dist/src.
declare module 'rtf.js/dist/EMFJS.bundle.js' {
  export * from 'rtf.js/dist/src/emfjs/index';
}
declare module 'rtf.js/dist/WMFJS.bundle.js' {
  export * from 'rtf.js/dist/src/wmfjs/index';
}
