// Every document worker starts here. CommonJS on purpose: piscina loads a worker's file with
// require() first, and Node 20's require() of an ES module can end the whole process with a V8
// fatal error (seen in CI: "Module::IsGraphAsync must be used on an instantiated module") where
// it should throw. From here the real worker, an ES module, is loaded with import(); a TypeScript
// one (tests run the sources) after registering tsx in this thread, since Node 20 applies no
// `--import tsx` hooks inside worker threads.
//
// Exported as a promise of the handler, which piscina awaits before it calls the thread ready: the
// engine loads as the thread starts, so a warmed pool has it before the first document comes.
// (Loading it on the side would not do: a ready thread idles in Atomics.wait, which runs nothing.)
const { workerData } = require('node:worker_threads');

async function load() {
  const { workerFile } = workerData;
  if (/\.[cm]?ts$/.test(new URL(workerFile).pathname)) {
    const { register } = await import('tsx/esm/api');
    register();
  }
  return (await import(workerFile)).default;
}

// A worker that cannot load fails each job it is given (the pool answers it as unreadable); a
// rejected promise here would end the thread before it is ready, and piscina would start another
// one at once, and again.
module.exports = load().then(
  (handler) => handler,
  (error) => async () => {
    throw error;
  },
);
