/** The auth feature's public face: other features and the app import it from here only. */
export * from './AuthPanel';
export * from './AuthSettingsFields';
export * from './HttpExchangeView';
export * from './SignInButton';
export * from './auth-sync';
