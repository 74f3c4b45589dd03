export type * from 'antd/es/popconfirm';
export { default as Popconfirm } from 'antd/es/popconfirm';
