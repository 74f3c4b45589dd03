// The design system: the one door to antd and the icons (biome.json forbids importing `antd` or
// `@ant-design/icons` anywhere else). Two faces:
// - `shared-ui/design-system`: the theme, the icons and our own light components (typography, card,
//   tabs, steps), whose antd versions cost more than a tool page's whole budget allows;
// - `shared-ui/design-system/<component>` (./antd/): one antd component each, e.g.
//   `import { Button } from 'shared-ui/design-system/button'`. Each is its own Module Federation
//   share key (antdModules.json), so a page downloads only the components it imports: a barrel
//   re-exporting all of them would put every one in every remote's start-up.
export * from './icons.ts';
export * from './primitives/index.ts';
export * from './ThemeProvider.tsx';
export * from './theme.ts';
