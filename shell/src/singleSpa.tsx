import * as React from 'react';
import { createElement } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { App } from './App.tsx';

/**
 * single-spa lifecycles of the whole site, so a single-spa root config can mount it as one
 * application. Exposed through Module Federation as `shell/lifecycles`.
 */
const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: App,
  errorBoundary: (error: Error) =>
    createElement('p', { role: 'alert' }, `Image Extractor could not start: ${error.message}`),
});

export const { bootstrap, mount, unmount } = lifecycles;
