// What the shell loads: a loader of the page. The page and the antd components it draws download
// when the shell opens it for its route; shares an exposed module imported statically would be
// fetched when the remote starts, for every page of it. No React here, so this module needs none.
export const load = () => import('../pages/AnyFileExtractorPage.tsx');
