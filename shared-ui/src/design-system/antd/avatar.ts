export type * from 'antd/es/avatar';
export { default as Avatar } from 'antd/es/avatar';
