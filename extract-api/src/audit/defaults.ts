/** How many image elements of one page are read; a page with more is audited on its first ones. */
export const READ_IMAGE_USES_DEFAULTS = { maxUsesPerPage: 2_000 } as const;
