export type * from 'antd/es/progress';
export { default as Progress } from 'antd/es/progress';
