import type { DiscoveryInfo } from '../../../../shared/connection';

function extensionNames(result: Record<string, unknown>): string[] {
  const capabilities = result.capabilities;
  const extensions =
    typeof capabilities === 'object' && capabilities !== null ? (capabilities as Record<string, unknown>).extensions : undefined;
  return typeof extensions === 'object' && extensions !== null ? Object.keys(extensions) : [];
}

/** What a 2026-07-28 server said in its `server/discover` result. */
export function DiscoveryView({ discovery }: { discovery: DiscoveryInfo }) {
  const extensions = extensionNames(discovery.result);
  return (
    <section className="discovery" aria-label="Discovery">
      <h3 className="capabilities__title">Discovery</h3>
      <dl className="identity">
        <div className="identity__item">
          <dt>Supported versions</dt>
          <dd className="mono">{discovery.supportedVersions.join(', ') || '(none listed)'}</dd>
        </div>
        <div className="identity__item">
          <dt>Extensions</dt>
          <dd className="mono">{extensions.length > 0 ? extensions.join(', ') : '(none)'}</dd>
        </div>
      </dl>
      <details className="discovery__raw">
        <summary>server/discover result (the exact bytes are in the traffic log)</summary>
        <pre className="discovery__json">{JSON.stringify(discovery.result, null, 2)}</pre>
      </details>
    </section>
  );
}
