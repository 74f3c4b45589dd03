export type * from 'antd/es/form';
export { default as Form } from 'antd/es/form';
