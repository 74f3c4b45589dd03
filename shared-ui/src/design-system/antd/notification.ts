export type * from 'antd/es/notification';
export { default as notification } from 'antd/es/notification';
