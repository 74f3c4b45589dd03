export type * from 'antd/es/radio';
export { default as Radio } from 'antd/es/radio';
