export * from './Field.tsx';
export * from './Form.tsx';
export * from './NumberInput.tsx';
export * from './Spinner.tsx';
export * from './StepList.tsx';
export * from './Tabs.tsx';
export * from './Typography.tsx';
