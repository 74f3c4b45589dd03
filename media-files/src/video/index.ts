export * from './displaySize.ts';
export * from './frameFileName.ts';
export * from './framePlan.ts';
export * from './frameScores.ts';
export * from './frameTimes.ts';
export * from './platforms.ts';
export * from './sniffContainer.ts';
export * from './timestamp.ts';
