export * from './InfoSection.tsx';
export * from './PageHeading.tsx';
export * from './StepsSection.tsx';
