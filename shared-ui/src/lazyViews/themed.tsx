import { type ComponentProps, type ComponentType, lazy } from 'react';

/**
 * A view that draws antd components, wrapped in the site's antd theme. antd and its theme engine
 * are the largest part of a tool page's start-up work, so no page draws them on its first frame:
 * they come with the views that use them (the results grid, the progress bar, a dialog, a
 * panel), each of which loads through here and brings the theme with it. The theme's module is
 * only ever imported from here, behind `import()`, so a remote does not fetch antd's core on start.
 */
export function withTheme<P extends object>(load: () => Promise<ComponentType<P>>): () => Promise<ComponentType<P>> {
  return async () => {
    const [{ ThemeProvider }, View] = await Promise.all([import('../design-system/ThemeProvider.tsx'), load()]);
    // biome-ignore lint/correctness/noComponentHookFactories: made once per view, when its module loads (callers cache it: React.lazy, the grid's loader), never per render.
    return function Themed(props: P) {
      return (
        <ThemeProvider>
          <View {...props} />
        </ThemeProvider>
      );
    };
  };
}

/** `React.lazy` of a view drawn with antd (see `withTheme`): `themedLazy(() => import('./Panel.tsx'))`. */
// biome-ignore lint/suspicious/noExplicitAny: any component, whatever its props (read back with ComponentProps).
export function themedLazy<C extends ComponentType<any>>(
  load: () => Promise<{ default: C }>,
): ComponentType<ComponentProps<C>> {
  return lazy(async () => ({
    default: await withTheme<ComponentProps<C>>(() => load().then((module) => module.default))(),
  }));
}
