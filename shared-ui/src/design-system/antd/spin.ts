export type * from 'antd/es/spin';
export { default as Spin } from 'antd/es/spin';
