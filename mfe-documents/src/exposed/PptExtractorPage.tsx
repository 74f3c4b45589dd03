import { lazy } from 'react';

// What the shell loads: a door to the module, which loads (with the antd components it draws) when it
// is first shown. Shares an exposed module imports statically are fetched when the remote starts, for
// every page of it; behind this import() they are fetched with the page that uses them.
export default lazy(() => import('../pages/PptExtractorPage.tsx'));
