export type * from 'antd/es/input/Password';
export { default as Password } from 'antd/es/input/Password';
