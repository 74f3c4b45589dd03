export type * from 'antd/es/input-number';
export { default as InputNumber } from 'antd/es/input-number';
