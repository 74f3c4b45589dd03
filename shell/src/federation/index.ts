export * from './errors.ts';
export * from './RemoteOutlet.tsx';
export * from './remoteRoutes.ts';
