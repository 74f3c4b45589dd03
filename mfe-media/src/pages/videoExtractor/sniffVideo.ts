// What reads a chosen file's first bytes, loaded when a file is chosen (not with the page).
export { sniffVideoContainer, VIDEO_SNIFF_BYTES } from 'media-files';
