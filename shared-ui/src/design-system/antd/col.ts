export type * from 'antd/es/col';
export { default as Col } from 'antd/es/col';
