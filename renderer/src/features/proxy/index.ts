/** The proxy feature's public face (proxied sessions, intercept): app/ imports it from here only. */
export { InterceptButton } from './InterceptButton';
export { InterceptDesk } from './InterceptDesk';
export { openInterceptDesk } from './intercept-ui-store';
export { PausedMessageDetail } from './PausedMessageDetail';
export { ProxiedSessionsList } from './ProxiedSessionsList';
export { ProxiedSessionView } from './ProxiedSessionView';
export { proxySlots } from './slots';
export { ServeAsMock } from './ServeAsMock';
