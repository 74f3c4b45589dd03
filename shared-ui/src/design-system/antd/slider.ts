export type * from 'antd/es/slider';
export { default as Slider } from 'antd/es/slider';
