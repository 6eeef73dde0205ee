import type { EventName, EventPayload } from '../../shared/contract.js';
import type { CoreEventListener } from './core.js';

/** Fans core events out to the bridges. A listener that throws cannot break the others. */
export class EventHub {
  private readonly listeners = new Set<CoreEventListener>();

  subscribe(listener: CoreEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    for (const listener of this.listeners) {
      try {
        listener(name, payload);
      } catch (error) {
        console.error(`A listener for ${name} failed:`, error);
      }
    }
  }
}
