export type * from 'antd/es/input/TextArea';
export { default as TextArea } from 'antd/es/input/TextArea';
