/**
 * A named hole a feature leaves for what another feature has (a component, a move to another
 * tab): features never import each other; app/wiring.ts fills every slot at start. A slot read
 * before it was filled says which one.
 */
export interface Slot<T> {
  readonly name: string;
  fill: (value: T) => void;
  get: () => T;
}

export function createSlot<T>(name: string): Slot<T> {
  let value: T | undefined;
  let filled = false;
  return {
    name,
    fill(next) {
      value = next;
      filled = true;
    },
    get() {
      if (!filled) throw new Error(`The slot ${name} was not filled (see app/wiring.ts).`);
      return value as T;
    },
  };
}
