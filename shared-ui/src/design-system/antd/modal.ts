export type * from 'antd/es/modal';
export { default as Modal } from 'antd/es/modal';
