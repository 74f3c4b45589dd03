import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

// Thin wrapper: configuration from the environment, then listen. Everything else is in app.ts.
const config = loadConfig();
const app = await buildApp(config);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    void app.close().then(() => process.exit(0));
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
  if (config.serveSite) app.log.info(`Image Extractor is ready at http://localhost:${config.port}`);
} catch (error) {
  app.log.error(error);
  process.exit(1);
}
