/** The server sets this header from the socket (or a trusted proxy); any client-sent value is replaced. */
export const clientIpHeader = 'x-glimpse-client-ip';
