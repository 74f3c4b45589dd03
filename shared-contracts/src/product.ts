/** The product's name as users see it, and the slug its tool routes are built from. */
export const PRODUCT_NAME = 'Image Extractor';
export const PRODUCT_SLUG = 'image-extractor';
