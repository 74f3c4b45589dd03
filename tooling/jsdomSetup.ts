// What jsdom lacks and antd needs: every package's jsdom tests load this (vitest setupFiles).
// A media query never matches here, which is what a narrow, non-interactive test screen would say.
if (typeof window !== 'undefined' && typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// Nor ResizeObserver, which antd's Tabs use to measure their tab bar; jsdom lays nothing out anyway.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
