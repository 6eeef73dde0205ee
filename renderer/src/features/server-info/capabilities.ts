import { isObject } from '../../../../shared/is-object';
export interface CapabilityBadge {
  name: string;
  /** Sub-capabilities the server switched on, e.g. `listChanged`, `subscribe`. */
  flags: string[];
}

/**
 * One badge per announced capability, in the order the server sent them. Sub-flags are the
 * keys whose value is on (`true`, or an object such as `tasks.requests`); `false` is left out.
 */
export function capabilityBadges(capabilities: Record<string, unknown>): CapabilityBadge[] {
  return Object.entries(capabilities)
    .filter(([, value]) => value !== undefined && value !== null && value !== false)
    .map(([name, value]) => ({
      name,
      flags: isObject(value)
        ? Object.entries(value)
            .filter(([, flag]) => flag !== false && flag !== null && flag !== undefined)
            .map(([flag]) => flag)
        : [],
    }));
}
