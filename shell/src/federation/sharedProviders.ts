import * as ToastEntry from 'browser-services/toast';
import * as React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as ReactDomClient from 'react-dom/client';
import { ANTD_MODULES } from 'shared-ui/design-system-sharing';
import * as SharedRouter from './sharedRouter.ts';

/**
 * What the shell provides to the remotes' share scope (tooling/federation.mjs SHARED_MODULES): one
 * React, one router, one antd, one browser-services (toast bus, account store), each by entry point. Modules the shell
 * has already loaded are handed over as they are (`lib`); the others are fetched when a remote first
 * asks (`get`), so `/` never downloads antd, and a page downloads the antd components it renders.
 *
 * browser-services' root re-exports the toast bus and session modules the shell loaded at start
 * (through its light `/toast` and `/account-session` entries), so there is one bus and one store
 * whoever loads the package first.
 */
declare const __SHARED_VERSIONS__: Record<string, string>;

const singleton = { singleton: true, requiredVersion: false as const };

const loaded = (name: string, module: object) => ({
  version: __SHARED_VERSIONS__[name] ?? '0.0.0',
  shareConfig: singleton,
  lib: () => module,
  loaded: true,
});

const lazy = (name: string, load: () => Promise<object>) => ({
  version: __SHARED_VERSIONS__[name] ?? '0.0.0',
  shareConfig: singleton,
  get: () => load().then((module) => () => module),
});

/** The shell's modules a remote page may take from it and that load on demand, by share key. */
function onDemandModules(): Record<string, () => Promise<object>> {
  return {
    'react-dom': () => import('react-dom'),
    'browser-services': () => import('browser-services'),
    'browser-services/extraction': () => import('browser-services/extraction'),
    'browser-services/files': () => import('browser-services/files'),
    'browser-services/workers': () => import('browser-services/workers'),
    ...ANTD_MODULES,
  };
}

/** Starts loading a share the shell provides on demand, ahead of the remote's request for it. */
export function preloadShare(key: string): void {
  onDemandModules()
    [key]?.()
    .catch(() => undefined);
}

export function sharedProviders() {
  return {
    react: loaded('react', React),
    'react/jsx-runtime': loaded('react/jsx-runtime', ReactJsxRuntime),
    'react-dom/client': loaded('react-dom/client', ReactDomClient),
    'react-router-dom': loaded('react-router-dom', SharedRouter),
    'browser-services/toast': loaded('browser-services/toast', ToastEntry),
    ...Object.fromEntries(Object.entries(onDemandModules()).map(([key, load]) => [key, lazy(key, load)])),
  };
}
