export { VIDEO_JOB_DIR_PREFIX, type VideoFramesRouteOptions, videoFramesRoutes } from './frames.ts';
export { parseRange, VIDEO_ACCEPT, videoSourceRoutes } from './source.ts';
