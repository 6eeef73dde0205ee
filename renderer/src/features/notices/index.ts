/** The notices feature's public face: other features and the app import it from here only. */
export * from './NoticeBanners';
export * from './notices-store';
