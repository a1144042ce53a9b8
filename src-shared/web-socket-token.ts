// How the web host's WebSocket carries its token: a browser cannot set headers on a WebSocket,
// so the page offers two subprotocols, the plain one and one that carries the token.
export const SOCKET_PROTOCOL = 'lichslayer';
export const SOCKET_TOKEN_PREFIX = 'lichslayer-token.';

export const socketProtocols = (token: string): string[] => [SOCKET_PROTOCOL, `${SOCKET_TOKEN_PREFIX}${token}`];
