export type * from 'antd/es/button';
export { default as Button } from 'antd/es/button';
