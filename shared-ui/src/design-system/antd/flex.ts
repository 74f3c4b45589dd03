export type * from 'antd/es/flex';
export { default as Flex } from 'antd/es/flex';
