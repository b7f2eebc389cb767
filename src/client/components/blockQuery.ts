/** SPEC section 1: 1024 px or less is not a desktop, and the block page covers the console. */
export const BLOCK_QUERY = '(max-width:1024px)';

export const isBlocked = () => typeof window !== 'undefined' && window.matchMedia(BLOCK_QUERY).matches;
