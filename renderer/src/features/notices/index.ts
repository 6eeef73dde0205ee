/** The notices feature's public face: app/ imports it from here only (named exports, nothing internal). */
export { NoticeBanners } from './NoticeBanners';
