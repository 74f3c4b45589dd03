// The text input alone: antd's `input` module also carries Search, TextArea, Password and OTP.

export type * from 'antd/es/input/Input';
export { default as Input } from 'antd/es/input/Input';
