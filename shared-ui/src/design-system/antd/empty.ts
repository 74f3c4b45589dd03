export type * from 'antd/es/empty';
export { default as Empty } from 'antd/es/empty';
