export type * from 'antd/es/select';
export { default as Select } from 'antd/es/select';
