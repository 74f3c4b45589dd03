export type * from 'antd/es/divider';
export { default as Divider } from 'antd/es/divider';
