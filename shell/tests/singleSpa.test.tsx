import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bootstrap, mount, unmount } from '../src/singleSpa.tsx';

// single-spa hands its lifecycles these props; `domElement` is where the application mounts.
function propsFor(domElement: HTMLElement) {
  return { name: 'image-extractor', singleSpa: {}, mountParcel: () => {}, domElement } as never;
}

describe('single-spa lifecycles', () => {
  it('mount, unmount and mount again render the whole site each time', async () => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const props = propsFor(host);

    await bootstrap(props);
    await mount(props);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: /Extract every image/ })).toBeTruthy());
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();

    await unmount(props);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();

    await mount(props);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: /Extract every image/ })).toBeTruthy());
    await unmount(props);
    host.remove();
  });
});
