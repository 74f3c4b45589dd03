// Components and hooks several apps render. Their antd parts come through ./design-system, which
// apps import as `shared-ui/design-system`.
// account/
export * from './account/index.ts';
// audit/: an audited scan's Images | Audit tabs, the report's view loaded on first use
export * from './audit/index.ts';
// extraction/
export * from './extraction/index.ts';
// extractionScreen/: what every extraction screen shares (the run, Download All, the results)
export * from './extractionScreen/index.ts';
// forms/
export * from './forms/index.ts';
// InfoSections/
export * from './InfoSections/index.ts';
// lazyViews/: the results grid and the progress bar, loaded on first use
export * from './lazyViews/index.ts';
// progress/
export * from './progress/index.ts';
// ResultsGrid/
export * from './ResultsGrid/index.ts';
// upload/
export * from './upload/index.ts';
