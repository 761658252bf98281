/** The store opened at its device section, as arriving from a landing page does (store-and-public-site §2). */
export const STORE_DEVICE_SECTION_PATH = '/store?section=devices';
