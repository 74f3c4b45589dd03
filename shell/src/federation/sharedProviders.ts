import * as React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as ReactDomClient from 'react-dom/client';
import * as ReactRouterDom from 'react-router-dom';

/**
 * What the shell provides to the remotes' share scope: one React, one router, one antd, one
 * browser-services (toast bus, account store), one contracts package, one media-files, one
 * shared-ui. Packages the shell has already loaded are handed over as they are (`lib`); the heavy
 * ones are fetched only when the first remote asks for them (`get`), so `/` never downloads antd
 * or zod.
 *
 * The lazy imports resolve to the very modules the shell's own pages import: browser-services'
 * root re-exports the toast bus and session modules the shell loaded at start (through its light
 * `/toast` and `/account-session` entries), so there is one bus and one store whoever loads the
 * package first.
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

export function sharedProviders() {
  return {
    react: loaded('react', React),
    'react/jsx-runtime': loaded('react', ReactJsxRuntime),
    'react-dom/client': loaded('react-dom', ReactDomClient),
    'react-router-dom': loaded('react-router-dom', ReactRouterDom),
    'react-dom': lazy('react-dom', () => import('react-dom')),
    antd: lazy('antd', () => import('antd')),
    '@ant-design/icons': lazy('@ant-design/icons', () => import('@ant-design/icons')),
    zod: lazy('zod', () => import('zod')),
    'shared-contracts': lazy('shared-contracts', () => import('shared-contracts')),
    'media-files': lazy('media-files', () => import('media-files')),
    'browser-services': lazy('browser-services', () => import('browser-services')),
    'shared-ui': lazy('shared-ui', () => import('shared-ui')),
  };
}
