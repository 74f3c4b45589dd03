// The schema a video's address is checked with, in a module of its own: the Video URL panel imports
// it when the visitor starts typing or submits (zod loads then, not with the page).
export { PublicUrlSchema } from 'shared-contracts';
