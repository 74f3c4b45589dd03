export type * from 'antd/es/tag';
export { default as Tag } from 'antd/es/tag';
