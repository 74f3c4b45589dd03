// account/: the device account store (accounts, sign-in, saved images), its session and storage
export * from './account/index.ts';
// extraction/: callbacks (a Worker's messages) turned into an extractor's events
export * from './extraction/index.ts';
// files/: saving a file made on the device
export * from './files/index.ts';
// log/: an error logged with its source
export * from './log/index.ts';
// toast/: the site's one toast bus
export * from './toast/index.ts';
// workers/: starting a remote's module Worker from any origin
export * from './workers/index.ts';
