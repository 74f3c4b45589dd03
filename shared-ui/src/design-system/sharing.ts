// The antd component modules the shell provides to every remote, one Module Federation share key
// each (antdModules.json maps each design-system room to its module; a test keeps the two equal).
// Each loads when a page first renders that component, so a page downloads only the components it
// draws. Only the shell imports this, and only lazily: it is the loader table, not a barrel.
export const ANTD_MODULES: Record<string, () => Promise<object>> = {
  'antd/es/alert': () => import('antd/es/alert'),
  'antd/es/avatar': () => import('antd/es/avatar'),
  'antd/es/button': () => import('antd/es/button'),
  'antd/es/col': () => import('antd/es/col'),
  'antd/es/collapse': () => import('antd/es/collapse'),
  'antd/es/config-provider': () => import('antd/es/config-provider'),
  'antd/es/divider': () => import('antd/es/divider'),
  'antd/es/empty': () => import('antd/es/empty'),
  'antd/es/flex': () => import('antd/es/flex'),
  'antd/es/input/Input': () => import('antd/es/input/Input'),
  'antd/es/modal': () => import('antd/es/modal'),
  'antd/es/notification': () => import('antd/es/notification'),
  'antd/es/input/Password': () => import('antd/es/input/Password'),
  'antd/es/popconfirm': () => import('antd/es/popconfirm'),
  'antd/es/progress': () => import('antd/es/progress'),
  'antd/es/row': () => import('antd/es/row'),
  'antd/es/select': () => import('antd/es/select'),
  'antd/es/slider': () => import('antd/es/slider'),
  'antd/es/space': () => import('antd/es/space'),
  'antd/es/tag': () => import('antd/es/tag'),
  'antd/es/input/TextArea': () => import('antd/es/input/TextArea'),
  'antd/es/tooltip': () => import('antd/es/tooltip'),
};
