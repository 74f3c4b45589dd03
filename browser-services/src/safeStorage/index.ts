/**
 * The device's localStorage, or undefined where the browser refuses it: reading the property
 * itself throws in a sandboxed frame or with cookies blocked, and a page must keep working then
 * (signed out, the default file-name template). The one place that touches `localStorage`.
 */
export function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
