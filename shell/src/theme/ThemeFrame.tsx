// The site's antd theme, alone in its chunk: the shell's lazy screens and every remote page load it
// beside themselves, without the rest of the design system.
export { ThemeProvider as ThemeFrame } from 'shared-ui/design-system';
