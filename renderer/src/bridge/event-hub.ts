import type { EventName, EventPayload } from '../../../shared/contract';

type AnyListener = (payload: unknown) => void;

/** Fans out bridge events to listeners; one failing listener never stops the others. */
export class EventHub {
  private readonly listeners = new Map<string, Set<AnyListener>>();

  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void {
    let set = this.listeners.get(name);
    if (!set) {
      set = new Set();
      this.listeners.set(name, set);
    }
    const entry = listener as AnyListener;
    set.add(entry);
    return () => {
      set.delete(entry);
    };
  }

  emit(name: string, payload: unknown): void {
    const set = this.listeners.get(name);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(payload);
      } catch (error) {
        console.error(`Listener for ${name} failed`, error);
      }
    }
  }
}
