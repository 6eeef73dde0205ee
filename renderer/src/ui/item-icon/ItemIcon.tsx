import { useState, useSyncExternalStore } from 'react';
import type { ServerIcon } from '../../../../shared/connection';
import { pickIconSource } from './icon-source';
import './item-icon.css';

const DARK_QUERY = '(prefers-color-scheme: dark)';
/** One query for every icon: asking matchMedia anew on each render of each icon costs a style lookup each time. */
let darkQuery: MediaQueryList | undefined;
const darkScheme = (): MediaQueryList => (darkQuery ??= window.matchMedia(DARK_QUERY));

function subscribeToScheme(onChange: () => void): () => void {
  const query = darkScheme();
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function useColorScheme(): 'light' | 'dark' {
  return useSyncExternalStore(subscribeToScheme, () => (darkScheme().matches ? 'dark' : 'light'));
}

/** A resource's, template's or prompt's icon as an <img> (never markup), or nothing. Decorative: the name is beside it. */
export function ItemIcon({ icons }: { icons: readonly ServerIcon[] | undefined }) {
  const scheme = useColorScheme();
  const src = pickIconSource(icons, scheme);
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return null;
  return (
    <img
      className="item-icon"
      src={src}
      alt=""
      width={16}
      height={16}
      referrerPolicy="no-referrer"
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={() => setFailed(src)}
    />
  );
}
