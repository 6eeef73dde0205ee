import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import type { Bridge } from '../../bridge/types';
import { useNoticesStore } from '../notices';
import { useModelsStore } from './models-store';

/**
 * Keeps the model providers and the preference rules in step with the core: the providers by
 * their `models.providersChanged` events, both loaded each time the link opens. Returns a stop function.
 */
export function startModelsSync(): () => void {
  const api = getApi();
  const stops = [api.on('models.providersChanged', (providers) => useModelsStore.getState().setProviders(providers))];
  let wasOpen = false;
  const onLink = () => {
    const open = api.getLinkState().status === 'open';
    if (open && !wasOpen) void loadModels(api);
    wasOpen = open;
  };
  stops.push(api.onLinkStateChange(onLink));
  onLink();
  return () => {
    for (const stop of stops) stop();
  };
}

async function loadModels(api: Bridge): Promise<void> {
  const results = await Promise.allSettled([
    api.invoke('models.providers.list').then((providers) => useModelsStore.getState().setProviders(providers)),
    reloadModelPreferences(),
  ]);
  const failure = results.find((result) => result.status === 'rejected');
  if (failure && api.getLinkState().status === 'open') {
    useNoticesStore.getState().addLocal('error', `Could not load the model providers: ${errorMessage(failure.reason)}`);
  }
}

export async function reloadModelPreferences(): Promise<void> {
  useModelsStore.getState().setPreferences(await getApi().invoke('models.preferences.get'));
}

/** Fetches a provider's models (`models.list`) into the store; a failure is kept as its sentence. */
export async function fetchModelList(providerId: string): Promise<void> {
  const store = useModelsStore.getState();
  store.setList(providerId, { status: 'loading' });
  try {
    const list = await getApi().invoke('models.list', { providerId });
    useModelsStore.getState().setList(providerId, { status: 'loaded', models: list.models });
  } catch (failure) {
    useModelsStore.getState().setList(providerId, { status: 'failed', message: errorMessage(failure) });
  }
}
