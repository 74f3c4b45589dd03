export type * from 'antd/es/input';
export { default as Input } from 'antd/es/input';
