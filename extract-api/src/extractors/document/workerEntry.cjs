// Every document worker starts here. CommonJS on purpose: piscina loads a worker's file with
// require() first, and Node 20's require() of an ES module can end the whole process with a V8
// fatal error (seen in CI: "Module::IsGraphAsync must be used on an instantiated module") where
// it should throw. From here the real worker, an ES module, is loaded with import(); a TypeScript
// one (tests run the sources) after registering tsx in this thread, since Node 20 applies no
// `--import tsx` hooks inside worker threads.
const { workerData } = require('node:worker_threads');

let handler;

module.exports = async function readDocumentJob(job) {
  if (!handler) {
    const { workerFile } = workerData;
    if (/\.[cm]?ts$/.test(new URL(workerFile).pathname)) {
      const { register } = await import('tsx/esm/api');
      register();
    }
    handler = (await import(workerFile)).default;
  }
  return handler(job);
};
