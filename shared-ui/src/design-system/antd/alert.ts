export type * from 'antd/es/alert';
export { default as Alert } from 'antd/es/alert';
