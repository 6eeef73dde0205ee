import { createContext, useContext, type ReactNode } from 'react';
import type { Bridge } from './types';

const ApiContext = createContext<Bridge | null>(null);

export function ApiProvider({ bridge, children }: { bridge: Bridge; children: ReactNode }) {
  return <ApiContext value={bridge}>{children}</ApiContext>;
}

export function useApi(): Bridge {
  const bridge = useContext(ApiContext);
  if (!bridge) throw new Error('useApi must be used inside <ApiProvider>');
  return bridge;
}
