import { MODERN_PROTOCOL_VERSION } from '../../../shared/server-config';

/** Marks a feature that 2026-07-28 deprecates (SEP-2577): it still works, but servers are moving away from it. */
export function DeprecatedTag({ feature }: { feature: string }) {
  return (
    <span className="deprecated-tag" title={`${feature} is deprecated as of ${MODERN_PROTOCOL_VERSION} (SEP-2577). It still works.`}>
      deprecated
    </span>
  );
}
