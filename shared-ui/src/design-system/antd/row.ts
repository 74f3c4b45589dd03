export type * from 'antd/es/row';
export { default as Row } from 'antd/es/row';
