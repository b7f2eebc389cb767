import createCache, { type EmotionCache } from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

// Separate keys so the two caches never share class names (STACK-NOTES "RTL").
const ltrCache = createCache({ key: 'mui', prepend: true });
const rtlCache = createCache({ key: 'muirtl', prepend: true, stylisPlugins: [prefixer, rtlPlugin] });

/** The RTL cache mirrors every style (margins, paddings, positions) at insertion time. */
export function emotionCacheFor(rtl: boolean): EmotionCache {
  return rtl ? rtlCache : ltrCache;
}
